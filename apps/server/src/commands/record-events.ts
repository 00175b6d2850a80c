/** Stores a batch of analytics events as they arrived from a browser, and rolls them up by day. */
import type { AnalyticsEvent } from "@lumen/contracts";
import { type Db, schema } from "@lumen/db";
import { rollUpAnalytics } from "./roll-up-analytics.ts";

export interface RecordEventsOptions {
  db: Db;
  events: AnalyticsEvent[];
  userId?: string | null;
}

export async function recordEvents({
  db,
  events,
  userId = null,
}: RecordEventsOptions): Promise<number> {
  if (events.length === 0) return 0;
  await db.transaction(async (tx) => {
    await tx.insert(schema.analyticsEvents).values(
      events.map((event) => ({
        name: event.name,
        properties: event.properties,
        anonymousId: event.anonymousId,
        userId,
        path: event.path ?? null,
        occurredAt: new Date(event.at),
      })),
    );
    await rollUpAnalytics({ db: tx, events, userId });
  });
  return events.length;
}
