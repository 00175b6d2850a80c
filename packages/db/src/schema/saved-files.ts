/**
 * A learner's saved lesson files (issue 6): one row per learner, lesson and file name. Rows are
 * keyed by lesson id and file name only, not by version: ids never change between publish sets,
 * so a new version shows a learner's work for every lesson and file that still exists in it.
 */
import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

export const savedFiles = pgTable(
  "saved_files",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id").notNull(),
    name: text("name").notNull(),
    content: text("content").notNull(),
    /** The publish set the learner was looking at when they saved: for support, not for reads. */
    publishSetVersion: integer("publish_set_version").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Reads and clears are by learner and a chapter's lesson ids: the primary key serves both.
  (t) => [primaryKey({ columns: [t.userId, t.lessonId, t.name] })],
);
