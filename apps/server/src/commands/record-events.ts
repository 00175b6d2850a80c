/** Stores a batch of analytics events as they arrived from a browser. */
import type { AnalyticsEvent } from "@lumen/contracts";
import { type Db, schema } from "@lumen/db";

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
  await db.insert(schema.analyticsEvents).values(
    events.map((event) => ({
      name: event.name,
      properties: event.properties,
      anonymousId: event.anonymousId,
      userId,
      path: event.path ?? null,
      occurredAt: new Date(event.at),
    })),
  );
  return events.length;
}
