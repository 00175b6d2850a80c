/**
 * The local billing provider (issue 15, ADR 0044): the default for `npm start`, with no network.
 * Its checkout is our own page (/billing/local/checkout/{id}, test cards), its portal our own
 * page (/billing/local/portal), and it signs its events with LOCAL_BILLING_WEBHOOK_SECRET (or a
 * secret generated once and kept in the database) and hands them to the same store-and-apply
 * pipeline as Stripe's webhooks (local-events.ts builds them, deliver-local-events.ts sends them).
 */
import { randomBytes } from "node:crypto";
import { type Db, eq, schema } from "@lumen/db";
import { AppError } from "../errors.ts";
import type { BillingProvider, VerifiedEvent } from "./provider.ts";
import { checkSignature, LOCAL_SIGNATURE_HEADER } from "./webhook-signature.ts";

const SECRET_NAME = "local_billing_webhook_secret";

export const localId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

/** The configured secret, else one generated once and kept, so restarts verify old signatures. */
export async function loadLocalWebhookSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(schema.serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(schema.serverSecrets)
    .where(eq(schema.serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error("The local billing webhook secret could not be stored.");
  return row.value;
}

export interface LocalProvider extends BillingProvider {
  readonly name: "local";
  /** The signing secret (loaded on first use). */
  secret(): Promise<string>;
}

export function createLocalProvider(options: {
  db: Db;
  secret?: string;
  clock: () => Date;
}): LocalProvider {
  let secret: Promise<string> | undefined;
  const loadSecret = () => {
    secret ??= loadLocalWebhookSecret(options.db, options.secret).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
  return {
    name: "local",
    secret: loadSecret,
    createCustomer: async () => localId("lcus"),
    createCheckout: async () => {
      const id = localId("lcs");
      return { id, url: `/billing/local/checkout/${id}` };
    },
    // Our checkout row is the only record, and a paid one is never open: nothing to do here.
    expireCheckout: async () => "ended",
    createPortal: async ({ returnUrl }) => ({
      url: `/billing/local/portal?returnUrl=${encodeURIComponent(returnUrl)}`,
    }),
    async verifyWebhook(rawBody, headers): Promise<VerifiedEvent> {
      const problem = checkSignature(
        await loadSecret(),
        rawBody,
        headers.get(LOCAL_SIGNATURE_HEADER),
        options.clock(),
      );
      if (problem) throw new AppError("bad_request", problem);
      return readLocalEnvelope(rawBody);
    },
  };
}

/** The envelope of a genuine local event: Stripe's (`id`, `type`, `created` in seconds). */
function readLocalEnvelope(rawBody: string): VerifiedEvent {
  let event: { id?: unknown; type?: unknown; created?: unknown } | null;
  try {
    event = JSON.parse(rawBody);
  } catch {
    event = null;
  }
  if (
    !event ||
    typeof event.id !== "string" ||
    typeof event.type !== "string" ||
    typeof event.created !== "number"
  ) {
    throw new AppError("bad_request", "The webhook is not an event.");
  }
  return {
    id: event.id,
    type: event.type,
    occurredAt: new Date(event.created * 1000),
    payload: event,
  };
}
