/**
 * Analytics events as browsers send them (issue 2), and the daily rollups the admin console reads
 * (issue 14, ADRs 0042 and 0048): counting over 10 million raw rows per page view is too slow, so
 * each batch also upserts one row per (day, name, track) with its count, one per (day, actor) and
 * one per (day, track, actor) with the funnel steps done. All three are rebuilt from the raw
 * events by `refreshAnalyticsRollups` (the seed and the bench use it).
 */

import { sql } from "drizzle-orm";
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    properties: jsonb("properties")
      .$type<Record<string, string | number | boolean | null>>()
      .notNull(),
    anonymousId: text("anonymous_id").notNull(),
    userId: uuid("user_id"),
    path: text("path"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("analytics_events_name_occurred_idx").on(t.name, t.occurredAt),
    // A learner's export and account deletion find their events by user (issue 13).
    index("analytics_events_user_idx").on(t.userId),
    // The rollup refresh reads a range of days whatever the name.
    index("analytics_events_occurred_idx").on(t.occurredAt),
  ],
);

/** Events per UTC day, name and track (track 0: the event names no track). */
export const analyticsDailyEvents = pgTable(
  "analytics_daily_events",
  {
    day: date("day", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    trackId: integer("track_id").notNull().default(0),
    events: integer("events").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.name, t.trackId] })],
);

/**
 * Who was active on a UTC day, whatever they did: one row per (day, actor), the actor being the
 * user id when signed in, else the browser's anonymous id. Daily active learners count these rows.
 */
export const analyticsActorDays = pgTable(
  "analytics_actor_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    actor: text("actor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.actor] })],
);

/**
 * Who was active in a track on a UTC day (track 0: events naming no track), and which funnel
 * steps they did there: bit i of `steps` is ANALYTICS_FUNNEL_STEPS[i]. Daily active learners of
 * one track count these rows; the funnel ORs each actor's steps over the range. Event names are
 * left out on purpose: one row per learner and day, not one per name (ADR 0048).
 */
export const analyticsActorTrackDays = pgTable(
  "analytics_actor_track_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    trackId: integer("track_id").notNull().default(0),
    actor: text("actor").notNull(),
    steps: smallint("steps").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.trackId, t.actor] }),
    // The funnel reads each track's actors in order, steps included (an index-only scan that
    // aggregates as it goes: no hash table spilling to disk over 90 days, ADR 0048).
    index("analytics_actor_track_days_funnel_idx")
      .on(t.trackId, t.actor, t.day, t.steps)
      .where(sql`${t.steps} <> 0 and ${t.trackId} <> 0`),
  ],
);
