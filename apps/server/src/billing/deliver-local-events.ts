/**
 * Sends the local provider's events down the webhook pipeline, in process: each is signed,
 * verified and stored by receive-billing-webhook.ts exactly as a provider's POST would be, then
 * the stored events are applied at once so the learner's answer already shows the new plan. If
 * applying fails, the events stay stored and the billing worker finishes them.
 */
import type { Db } from "@lumen/db";
import type { Logger } from "pino";
import { processBillingEvents } from "../commands/process-billing-events.ts";
import { receiveBillingWebhook } from "../commands/receive-billing-webhook.ts";
import type { LocalEvent } from "./local-events.ts";
import type { LocalProvider } from "./local-provider.ts";
import { LOCAL_SIGNATURE_HEADER, signPayload } from "./webhook-signature.ts";

export async function deliverLocalEvents(options: {
  db: Db;
  provider: LocalProvider;
  events: LocalEvent[];
  now: Date;
  logger: Logger;
}): Promise<void> {
  const { db, provider, now } = options;
  const secret = await provider.secret();
  const delivered = [];
  for (const event of options.events) {
    const rawBody = JSON.stringify(event);
    const headers = new Headers({ [LOCAL_SIGNATURE_HEADER]: signPayload(secret, rawBody, now) });
    const received = await receiveBillingWebhook({ db, provider, rawBody, headers, now });
    delivered.push({ provider: provider.name, eventId: received.eventId });
  }
  await processBillingEvents({ db, now: () => now, logger: options.logger, only: delivered });
}
