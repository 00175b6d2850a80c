/**
 * The community (issue 17): posts are either a published project in the showcase ("showcase",
 * pointing at a share) or a help thread ("help", tied to a lesson with the learner's code and the
 * failing check). Comments, likes, and the moderation state: hidden posts and comments, and
 * learners banned from posting. Moderators' actions go to the audit log (operations.ts).
 */
import {
  bigserial,
  boolean,
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
import { shares } from "./projects.ts";

export const communityPosts = pgTable(
  "community_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Markdown, stored as written; sanitised when drawn. */
    body: text("body").notNull(),
    shareCode: text("share_code").references(() => shares.code, { onDelete: "set null" }),
    trackId: integer("track_id"),
    lessonId: integer("lesson_id"),
    /** A help thread's lesson, to link back to it and name it (added by the community helper). */
    tutorialId: integer("tutorial_id"),
    chapterId: integer("chapter_id"),
    lessonTitle: text("lesson_title"),
    /** A help thread's code as the learner had it, and the check that failed. */
    files: jsonb("files").$type<{ path: string; content: string }[]>(),
    failingCheck: text("failing_check"),
    solved: boolean("solved").notNull().default(false),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("community_posts_kind_idx").on(t.kind, t.createdAt),
    index("community_posts_likes_idx").on(t.kind, t.likeCount),
    index("community_posts_lesson_idx").on(t.lessonId, t.lastActivityAt),
    index("community_posts_author_idx").on(t.authorId, t.createdAt),
  ],
);

export const communityComments = pgTable(
  "community_comments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    postId: uuid("post_id")
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("community_comments_post_idx").on(t.postId, t.createdAt)],
);

export const communityLikes = pgTable(
  "community_likes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** A learner an admin banned from posting; `until` null means until lifted. */
export const communityBans = pgTable("community_bans", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bannedBy: uuid("banned_by").references(() => users.id, { onDelete: "set null" }),
  reason: text("reason").notNull(),
  until: timestamp("until", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which mails a learner wants beyond the account's own (issue 17): mentions in the community and
 * event reminders. No row means both on.
 */
export const emailPreferences = pgTable("email_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  mentions: boolean("mentions").notNull().default(true),
  eventReminders: boolean("event_reminders").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
