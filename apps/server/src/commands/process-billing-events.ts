/**
 * Works off stored billing events (issue 15): each in its own transaction, under the event row's
 * lock (SKIP LOCKED, so two servers never apply one event twice), applied and marked processed
 * together. A failure rolls the work back and counts an attempt; the event is tried again on the
 * next run. Runs after every webhook, at server start, and on a timer (billing-service.ts), so
 * an event a crash interrupted is finished later.
 */
import { and, type Db, isNull, schema } from "@lumen/db";
import type { Logger } from "pino";
import {
  type EventKey,
  eventWhere,
  pendingEvents,
  recordFailure,
} from "../billing/webhook-store.ts";
import { applySubscriptionEvent } from "./apply-subscription-event.ts";

export interface ProcessBillingEventsOptions {
  db: Db;
  now: () => Date;
  logger: Logger;
  /** Only these events (the ones a request just delivered); all pending ones otherwise. */
  only?: EventKey[];
}

export interface ProcessedCount {
  applied: number;
  failed: number;
}

const BATCH = 50;

export async function processBillingEvents(
  options: ProcessBillingEventsOptions,
): Promise<ProcessedCount> {
  const counts: ProcessedCount = { applied: 0, failed: 0 };
  // Failed here, or taken by another server: still pending, so read past them to the others.
  const passed = new Set<string>();
  for (;;) {
    const limit = BATCH + passed.size;
    const pending = options.only ?? (await pendingEvents(options.db, limit));
    const batch = pending.filter((key) => !passed.has(`${key.provider}:${key.eventId}`));
    if (batch.length === 0) break;
    for (const key of batch) {
      const outcome = await processOne(options, key);
      if (outcome === "applied") counts.applied += 1;
      else passed.add(`${key.provider}:${key.eventId}`);
      if (outcome === "failed") counts.failed += 1;
    }
    // A failed event waits for the next run rather than looping here.
    if (options.only || pending.length < limit) break;
  }
  return counts;
}

async function processOne(
  { db, now, logger }: ProcessBillingEventsOptions,
  key: EventKey,
): Promise<"applied" | "failed" | "skipped"> {
  try {
    return await db.transaction(async (tx) => {
      const [event] = await tx
        .select()
        .from(schema.billingEvents)
        .where(and(eventWhere(key), isNull(schema.billingEvents.processedAt)))
        .for("update", { skipLocked: true });
      // Done already, or another server has it now.
      if (!event) return "skipped";
      const at = now();
      const result = await applySubscriptionEvent({ tx, event, now: at });
      await tx
        .update(schema.billingEvents)
        .set({
          processedAt: at,
          attempts: event.attempts + 1,
          lastError: result.note,
          userId: result.userId ?? event.userId,
          providerSubscriptionId: result.subscriptionId ?? event.providerSubscriptionId,
        })
        .where(eventWhere(key));
      return "applied";
    });
  } catch (error) {
    logger.error({ err: error, ...key }, "billing event failed; it will be tried again");
    await recordFailure(db, key, error).catch((cause: unknown) =>
      logger.error({ err: cause, ...key }, "could not record the billing event's failure"),
    );
    return "failed";
  }
}
