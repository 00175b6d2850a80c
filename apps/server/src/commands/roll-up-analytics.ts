/**
 * Keeps the daily analytics rollups (ADR 0042) in step with the raw events: `rollUpAnalytics`
 * adds one batch as it is stored; `refreshAnalyticsRollups` rebuilds a range of days from the raw
 * events (after a bulk load, or to repair). Days are UTC calendar days.
 */
import type { AnalyticsEvent } from "@lumen/contracts";
import { type Db, schema } from "@lumen/db";
import { sql } from "drizzle-orm";

/** The track an event names, or 0: `trackId` may arrive as a number or a string of digits. */
export function trackOf(properties: AnalyticsEvent["properties"]): number {
  const value = properties.trackId;
  const text = typeof value === "number" ? String(value) : value;
  return typeof text === "string" && /^\d{1,9}$/.test(text) ? Number(text) : 0;
}

/** The same rule in SQL, for the refresh. */
const TRACK_SQL = sql.raw(
  `case when properties->>'trackId' ~ '^[0-9]{1,9}$' then (properties->>'trackId')::int else 0 end`,
);

export interface RollUpOptions {
  db: Db;
  events: AnalyticsEvent[];
  userId: string | null;
}

export async function rollUpAnalytics({ db, events, userId }: RollUpOptions): Promise<void> {
  const counts = new Map<string, { day: string; name: string; trackId: number; events: number }>();
  const actors = new Map<string, { day: string; name: string; trackId: number; actor: string }>();
  for (const event of events) {
    const day = new Date(event.at).toISOString().slice(0, 10);
    const trackId = trackOf(event.properties);
    const key = `${day}|${event.name}|${trackId}`;
    const row = counts.get(key) ?? { day, name: event.name, trackId, events: 0 };
    row.events += 1;
    counts.set(key, row);
    const actor = userId ?? event.anonymousId;
    actors.set(`${key}|${actor}`, { day, name: event.name, trackId, actor });
  }
  if (counts.size === 0) return;
  await db
    .insert(schema.analyticsDailyEvents)
    .values([...counts.values()])
    .onConflictDoUpdate({
      target: [
        schema.analyticsDailyEvents.day,
        schema.analyticsDailyEvents.name,
        schema.analyticsDailyEvents.trackId,
      ],
      set: { events: sql`${schema.analyticsDailyEvents.events} + excluded.events` },
    });
  await db
    .insert(schema.analyticsDailyActors)
    .values([...actors.values()])
    .onConflictDoNothing();
}

export interface RefreshOptions {
  db: Db;
  /** First and last UTC day to rebuild, YYYY-MM-DD. */
  from: string;
  to: string;
}

export async function refreshAnalyticsRollups({ db, from, to }: RefreshOptions): Promise<void> {
  const range = sql`occurred_at >= ${from}::date and occurred_at < ${to}::date + 1`;
  const day = sql.raw(`(occurred_at at time zone 'UTC')::date`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from analytics_daily_events where day between ${from} and ${to}`);
    await tx.execute(sql`delete from analytics_daily_actors where day between ${from} and ${to}`);
    await tx.execute(sql`
      insert into analytics_daily_events (day, name, track_id, events)
      select ${day}, name, ${TRACK_SQL}, count(*) from analytics_events
      where ${range} group by 1, 2, 3`);
    await tx.execute(sql`
      insert into analytics_daily_actors (day, name, track_id, actor)
      select distinct ${day}, name, ${TRACK_SQL}, coalesce(user_id::text, anonymous_id)
      from analytics_events where ${range}`);
  });
}
