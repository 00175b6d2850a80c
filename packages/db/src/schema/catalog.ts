/**
 * Published curriculum (issue 5): each publish of content/ is an immutable set with a version.
 * The compiled catalog is kept whole as JSON; the server serves it from memory.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const publishSets = pgTable(
  "publish_sets",
  {
    version: serial("version").primaryKey(),
    contentHash: text("content_hash").notNull().unique(),
    catalog: jsonb("catalog").notNull(),
    lessonCount: integer("lesson_count").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("publish_sets_published_idx").on(t.publishedAt)],
);
