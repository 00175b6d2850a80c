/**
 * Keeps the daily analytics rollups (ADRs 0042 and 0048) in step with the raw events:
 * `rollUpAnalytics` adds one batch in the transaction that stores it; `refreshAnalyticsRollups`
 * rebuilds a range of days from the raw events (after a bulk load, or to repair). Days are UTC
 * calendar days; the actor is the user id when signed in, else the browser's anonymous id.
 */
import { ANALYTICS_FUNNEL_STEPS, type AnalyticsEvent } from "@lumen/contracts";
import { type Db, schema } from "@lumen/db";
import { sql } from "drizzle-orm";

/** The track an event names, or 0: `trackId` may arrive as a number or a string of digits. */
export function trackOf(properties: AnalyticsEvent["properties"]): number {
  const value = properties.trackId;
  const text = typeof value === "number" ? String(value) : value;
  return typeof text === "string" && /^\d{1,9}$/.test(text) ? Number(text) : 0;
}

/** The same rule in SQL, for the refresh (and the raw-events baseline of the bench). */
export const TRACK_SQL = sql.raw(
  `case when properties->>'trackId' ~ '^[0-9]{1,9}$' then (properties->>'trackId')::int else 0 end`,
);

/** The funnel-step bit of an event name: bit i is ANALYTICS_FUNNEL_STEPS[i]; 0 for other names. */
export function funnelStepBit(name: string): number {
  const index = (ANALYTICS_FUNNEL_STEPS as readonly string[]).indexOf(name);
  return index < 0 ? 0 : 1 << index;
}

/** The same rule in SQL, over a `name` column. */
export const STEP_BIT_SQL = sql.raw(
  `(case name ${ANALYTICS_FUNNEL_STEPS.map((step, i) => `when '${step}' then ${1 << i}`).join(" ")} else 0 end)`,
);

export interface RollUpOptions {
  db: Db;
  events: AnalyticsEvent[];
  userId: string | null;
}

/** Rows sorted by key, so that concurrent batches lock shared rows in one order (no deadlock). */
const sorted = <T>(rows: Map<string, T>) =>
  [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

export async function rollUpAnalytics({ db, events, userId }: RollUpOptions): Promise<void> {
  const counts = new Map<string, { day: string; name: string; trackId: number; events: number }>();
  const actorDays = new Map<string, { day: string; actor: string }>();
  const trackDays = new Map<
    string,
    { day: string; trackId: number; actor: string; steps: number }
  >();
  for (const event of events) {
    const day = new Date(event.at).toISOString().slice(0, 10);
    const trackId = trackOf(event.properties);
    const actor = userId ?? event.anonymousId;
    const key = `${day}|${event.name}|${trackId}`;
    const count = counts.get(key) ?? { day, name: event.name, trackId, events: 0 };
    count.events += 1;
    counts.set(key, count);
    actorDays.set(`${day}|${actor}`, { day, actor });
    const trackKey = `${day}|${trackId}|${actor}`;
    const trackDay = trackDays.get(trackKey) ?? { day, trackId, actor, steps: 0 };
    trackDay.steps |= funnelStepBit(event.name);
    trackDays.set(trackKey, trackDay);
  }
  if (counts.size === 0) return;
  const { analyticsDailyEvents: daily, analyticsActorTrackDays: trackDay } = schema;
  await db
    .insert(daily)
    .values(sorted(counts))
    .onConflictDoUpdate({
      target: [daily.day, daily.name, daily.trackId],
      set: { events: sql`${daily.events} + excluded.events` },
    });
  await db.insert(schema.analyticsActorDays).values(sorted(actorDays)).onConflictDoNothing();
  await db
    .insert(trackDay)
    .values(sorted(trackDays))
    .onConflictDoUpdate({
      target: [trackDay.day, trackDay.trackId, trackDay.actor],
      set: { steps: sql`${trackDay.steps} | excluded.steps` },
      // A learner's later batches of the day usually add no step: leave the row (no new version).
      setWhere: sql`(${trackDay.steps} | excluded.steps) <> ${trackDay.steps}`,
    });
}

export interface RefreshOptions {
  db: Db;
  /** First and last UTC day to rebuild, YYYY-MM-DD. */
  from: string;
  to: string;
}

/** The raw events of UTC days `from` to `to`, whatever the session's time zone. */
export const rawEventsBetween = (from: string, to: string) =>
  sql`occurred_at >= ${from}::timestamp at time zone 'UTC'
    and occurred_at < (${to}::date + 1)::timestamp at time zone 'UTC'`;
export const EVENT_DAY_SQL = sql.raw(`(occurred_at at time zone 'UTC')::date`);
export const ACTOR_SQL = sql.raw("coalesce(user_id::text, anonymous_id)");

export async function refreshAnalyticsRollups({ db, from, to }: RefreshOptions): Promise<void> {
  const range = rawEventsBetween(from, to);
  const days = sql`day between ${from}::date and ${to}::date`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from analytics_daily_events where ${days}`);
    await tx.execute(sql`delete from analytics_actor_days where ${days}`);
    await tx.execute(sql`delete from analytics_actor_track_days where ${days}`);
    await tx.execute(sql`
      insert into analytics_daily_events (day, name, track_id, events)
      select ${EVENT_DAY_SQL}, name, ${TRACK_SQL}, count(*) from analytics_events
      where ${range} group by 1, 2, 3`);
    await tx.execute(sql`
      insert into analytics_actor_track_days (day, track_id, actor, steps)
      select ${EVENT_DAY_SQL}, ${TRACK_SQL}, ${ACTOR_SQL}, bit_or(${STEP_BIT_SQL})::smallint
      from analytics_events where ${range} group by 1, 2, 3`);
    // Every event has a track row (track 0 when it names none), so the days follow from those.
    await tx.execute(sql`
      insert into analytics_actor_days (day, actor)
      select distinct day, actor from analytics_actor_track_days where ${days}`);
  });
}
