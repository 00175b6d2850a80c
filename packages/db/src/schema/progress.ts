/**
 * Learner progress (issue 7): settings, lesson completions, per-day XP, the coins ledger and the
 * active section per track. Unique constraints, not application checks, make completions and
 * earnings count once, whatever retries, second tabs or replayed syncs arrive.
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** One row per learner; progress commands lock it (FOR UPDATE) to serialise their writes. */
export const learnerProgress = pgTable(
  "learner_progress",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    dailyGoalXp: integer("daily_goal_xp").notNull().default(10),
    /** The learner's IANA time zone, as the web app last reported it. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** Streak freezes bought and not yet used. */
    freezes: integer("freezes").notNull().default(0),
    activeTrackId: integer("active_track_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("learner_progress_freezes_nonnegative", sql`${t.freezes} >= 0`)],
);

export const lessonCompletions = pgTable(
  "lesson_completions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id").notNull(),
    trackId: integer("track_id").notNull(),
    tutorialId: integer("tutorial_id").notNull(),
    chapterId: integer("chapter_id").notNull(),
    trackVersion: integer("track_version").notNull(),
    clientEventId: uuid("client_event_id").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull(),
    /** The learner's calendar date of the completion, in the zone they sent with it. */
    localDate: date("local_date", { mode: "string" }).notNull(),
    timeZone: text("time_zone").notNull(),
    xp: integer("xp").notNull(),
    /** False for offline completions synced more than 48 hours later: XP only. */
    countsForStreak: boolean("counts_for_streak").notNull(),
    /**
     * False when the server had no sandbox to run the learner's code in (ADR 0018): the
     * completion was recorded from the browser's verdict, unchecked.
     */
    verified: boolean("verified").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("lesson_completions_user_lesson").on(t.userId, t.lessonId),
    unique("lesson_completions_user_event").on(t.userId, t.clientEventId),
    index("lesson_completions_user_track_idx").on(t.userId, t.trackId),
  ],
);

/** XP per learner and local date; a frozen day is a missed day a freeze covered. */
export const progressDays = pgTable(
  "progress_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    localDate: date("local_date", { mode: "string" }).notNull(),
    xp: integer("xp").notNull().default(0),
    goalMet: boolean("goal_met").notNull().default(false),
    frozen: boolean("frozen").notNull().default(false),
    /** The zone of the day's last completion: travelling rules need it. */
    timeZone: text("time_zone").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
);

/**
 * Every coin earned (positive) or spent (negative). The balance is the sum; (user, reason, ref)
 * is unique so that an earning cannot be paid twice.
 */
export const coinLedger = pgTable(
  "coin_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    reason: text("reason")
      .$type<"lesson" | "chapter" | "tutorial" | "streak_milestone" | "freeze">()
      .notNull(),
    /** What was paid for: a lesson, chapter or tutorial id, a milestone, a purchase id. */
    ref: text("ref").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("coin_ledger_user_reason_ref").on(t.userId, t.reason, t.ref),
    check("coin_ledger_amount_nonzero", sql`${t.amount} <> 0`),
  ],
);

/** The section a learner last chose in each track. */
export const activeSections = pgTable(
  "active_sections",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    trackId: integer("track_id").notNull(),
    sectionIndex: integer("section_index").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.trackId] })],
);
