/** Analytics events as browsers send them (issue 2). */
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
  ],
);
