/**
 * {product} AI (issue 16): conversations with the tutor, the assistant chat and the onboarding
 * chat, each message with the model's own token counts and the credits it cost, learners' ratings
 * of replies, and the onboarding answers stored on the learner.
 */
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** One conversation: `kind` is "tutor" (tied to a lesson), "assistant" or "onboarding". */
export const aiConversations = pgTable(
  "ai_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** The lesson a tutor conversation is about (catalog ids). */
    trackId: integer("track_id"),
    lessonId: integer("lesson_id"),
    title: text("title"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ai_conversations_user_idx").on(t.userId, t.kind, t.updatedAt),
    index("ai_conversations_lesson_idx").on(t.userId, t.lessonId),
  ],
);

/**
 * One message. `status`: "complete", "stopped" (the learner stopped it), "replaced" (the leak
 * guard replaced the model's reply), "error" (the model failed). Token counts are the model's own.
 */
export const aiMessages = pgTable(
  "ai_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => aiConversations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    content: text("content").notNull(),
    status: text("status").notNull().default("complete"),
    /** The tutor's rung on the ladder: question, pointer, hint, worked example. */
    hintLevel: integer("hint_level"),
    model: text("model"),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    credits: integer("credits").notNull().default(0),
    /** Tool calls and other structured parts of the reply. */
    parts: jsonb("parts").$type<unknown[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ai_messages_conversation_idx").on(t.conversationId, t.id),
    index("ai_messages_user_day_idx").on(t.userId, t.createdAt),
  ],
);

/** A learner's rating of one reply (`submit_ai_chat_rating`), tied to the lesson and hint level. */
export const aiRatings = pgTable(
  "ai_ratings",
  {
    messageId: bigint("message_id", { mode: "number" })
      .primaryKey()
      .references(() => aiMessages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "up" or "down". */
    rating: text("rating").notNull(),
    reason: text("reason"),
    lessonId: integer("lesson_id"),
    hintLevel: integer("hint_level"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ai_ratings_lesson_idx").on(t.lessonId, t.createdAt)],
);

/**
 * The onboarding answers (spec section 4's occupation mapping): one row a learner, filled step by
 * step; `completedAt` set once the chat has recommended a start.
 */
export const learnerOnboarding = pgTable("learner_onboarding", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  step: text("step").notNull().default("occupation"),
  occupation: text("occupation"),
  interests: jsonb("interests").$type<string[]>().notNull().default([]),
  motives: jsonb("motives").$type<string[]>().notNull().default([]),
  recommendedTrackId: integer("recommended_track_id"),
  recommendedDailyGoal: integer("recommended_daily_goal"),
  completedAt: timestamp("completed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
