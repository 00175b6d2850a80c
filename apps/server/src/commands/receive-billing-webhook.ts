/**
 * A provider's webhook (POST /v1/billing/webhooks/{provider}): the signature is checked over the
 * raw body, the event stored by its id, and that is all before the answer, so the provider hears
 * back at once. The work is done after (process-billing-events.ts); a redelivery of a stored
 * event is acknowledged and changes nothing.
 */
import type { Db } from "@lumen/db";
import type { BillingProvider } from "../billing/provider.ts";
import { storeEvent } from "../billing/webhook-store.ts";
import { AppError } from "../errors.ts";
import { describeUnstorable, findUnstorableText } from "../http/storable-text.ts";

export interface ReceiveBillingWebhookOptions {
  db: Db;
  provider: BillingProvider;
  rawBody: string;
  headers: Headers;
  now: Date;
}

export interface ReceivedWebhook {
  eventId: string;
  type: string;
  /** False for an event stored before: a redelivery. */
  stored: boolean;
}

export async function receiveBillingWebhook(
  options: ReceiveBillingWebhookOptions,
): Promise<ReceivedWebhook> {
  const event = await options.provider.verifyWebhook(options.rawBody, options.headers);
  // Genuine, but the database could not keep it faithfully: say so rather than store it changed.
  const unstorable = findUnstorableText(event.payload);
  if (unstorable) throw new AppError("bad_request", describeUnstorable(unstorable));
  if (event.id.length > 255 || event.type.length > 255) {
    throw new AppError("bad_request", "The event's id or type is too long.");
  }
  const stored = await storeEvent(options.db, options.provider.name, event, options.now);
  return { eventId: event.id, type: event.type, stored };
}
