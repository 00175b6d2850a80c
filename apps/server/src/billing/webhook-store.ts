/**
 * `billing_events`: every verified webhook, stored by (provider, event id) before it is
 * acknowledged, so that a repeat is a no-op and the work survives a crash. Pending events are
 * those not yet processed with attempts left; a failed attempt keeps its error for the console.
 */
import { and, asc, type Db, eq, isNull, schema, sql } from "@lumen/db";
import type { VerifiedEvent } from "./provider.ts";
import { readProviderEvent } from "./provider-events.ts";

/** After this many failed attempts an event waits for a person (its last error says why). */
export const MAX_EVENT_ATTEMPTS = 25;

export interface EventKey {
  provider: string;
  eventId: string;
}

/** Stores a verified event; false when the same event was stored before (a redelivery). */
export async function storeEvent(
  db: Db,
  provider: string,
  event: VerifiedEvent,
  now: Date,
): Promise<boolean> {
  const meaning = readProviderEvent(event.type, event.payload);
  const subscriptionId =
    meaning.kind === "ignored" ? (meaning.subscriptionId ?? null) : meaning.subscriptionId;
  const inserted = await db
    .insert(schema.billingEvents)
    .values({
      provider,
      eventId: event.id,
      type: event.type,
      occurredAt: event.occurredAt,
      providerSubscriptionId: subscriptionId,
      payload: event.payload,
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ eventId: schema.billingEvents.eventId });
  return inserted.length > 0;
}

/** Events waiting for their work, oldest provider time first. */
export async function pendingEvents(db: Db, limit: number): Promise<EventKey[]> {
  return db
    .select({ provider: schema.billingEvents.provider, eventId: schema.billingEvents.eventId })
    .from(schema.billingEvents)
    .where(
      and(
        isNull(schema.billingEvents.processedAt),
        sql`${schema.billingEvents.attempts} < ${MAX_EVENT_ATTEMPTS}`,
      ),
    )
    .orderBy(asc(schema.billingEvents.occurredAt), asc(schema.billingEvents.receivedAt))
    .limit(limit);
}

export const eventWhere = (key: EventKey) =>
  and(
    eq(schema.billingEvents.provider, key.provider),
    eq(schema.billingEvents.eventId, key.eventId),
  );

/** Counts a failed attempt and keeps its error (outside the rolled-back transaction). */
export async function recordFailure(db: Db, key: EventKey, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(schema.billingEvents)
    .set({
      attempts: sql`${schema.billingEvents.attempts} + 1`,
      lastError: message.slice(0, 1000),
    })
    .where(eventWhere(key));
}
