/**
 * Analytics events as browsers send them (issue 2), and the daily rollups the admin console reads
 * (issue 14, ADR 0042): counting over 10 million raw rows per page view is too slow, so each batch
 * also upserts one row per (day, name, track) and one per (day, name, track, actor). Both are
 * rebuilt from the raw events by `refreshAnalyticsRollups` (the seed and the bench use it).
 */
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
 * Who did what on a day: one row per (day, name, track, actor), the actor being the user id when
 * signed in, else the browser's anonymous id. Distinct counts over a range (funnel, active
 * learners) read this, far smaller than the raw events.
 */
export const analyticsDailyActors = pgTable(
  "analytics_daily_actors",
  {
    day: date("day", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    trackId: integer("track_id").notNull().default(0),
    actor: text("actor").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.name, t.trackId, t.actor] }),
    index("analytics_daily_actors_day_actor_idx").on(t.day, t.actor),
  ],
);
