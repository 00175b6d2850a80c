/**
 * Freeform projects and sharing (issue 17). A project is a learner's own set of files made from a
 * template; `revision` rises with every saved change so that a device can tell whether its copy is
 * behind. A share is a read-only snapshot of a project's or a lesson's files under a short
 * unguessable code: what the author edits afterwards never shows through a link already sent.
 */
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The template it was made from: python, javascript, web, sql, react-ts. */
    template: text("template").notNull(),
    /** The file that runs first (the entry), a path among the project's files. */
    entry: text("entry").notNull(),
    revision: integer("revision").notNull().default(1),
    /** The share this project was duplicated from, if any. */
    duplicatedFrom: text("duplicated_from"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("projects_user_idx").on(t.userId, t.updatedAt)],
);

/** One file of a project; `path` may hold folders ("src/app.tsx"). */
export const projectFiles = pgTable(
  "project_files",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    content: text("content").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.path] })],
);

/** A shared snapshot. `kind`: "project" or "lesson". */
export const shares = pgTable(
  "shares",
  {
    code: text("code").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    lessonId: integer("lesson_id"),
    title: text("title").notNull(),
    /** The template (projects) or the lesson's code language: which runner a viewer's Run uses. */
    runtime: text("runtime").notNull(),
    entry: text("entry").notNull(),
    files: jsonb("files").$type<{ path: string; content: string }[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the author unshares: the link then says so. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Set when an admin hides it after a report. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    views: integer("views").notNull().default(0),
  },
  (t) => [index("shares_user_idx").on(t.userId, t.createdAt)],
);

/**
 * A report of something a learner posted. `targetKind`: "share", "post" or "comment";
 * `targetId` its code or id. Open until an admin resolves it ("hidden" or "dismissed").
 */
export const contentReports = pgTable(
  "content_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetKind: text("target_kind").notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolution: text("resolution"),
  },
  (t) => [
    index("content_reports_open_idx").on(t.resolvedAt, t.createdAt),
    index("content_reports_target_idx").on(t.targetKind, t.targetId),
  ],
);
