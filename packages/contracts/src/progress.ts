/**
 * The progress API's shapes (issue 7): XP, the daily goal, streaks, coins, lesson completion,
 * offline sync, the streak calendar, freezes, a track's progress and the active section.
 * The server is the authority; the web app reads only these shapes.
 */
import { MAX_RUN_FILES, runFileSchema } from "./runner.ts";
import { z } from "./zod.ts";

/** The daily goals a learner can pick, in XP. */
export const DAILY_GOAL_OPTIONS = [10, 20, 30, 50] as const;
export const DEFAULT_DAILY_GOAL_XP = 10;
/** At most this many offline completions in one sync request. */
export const MAX_SYNC_EVENTS = 200;
/** At most this many days in one calendar request. */
export const MAX_CALENDAR_DAYS = 366;
/**
 * The dates a learner's day can be: wide enough for any real device clock, narrow enough that
 * date arithmetic one year either side stays within four-digit years (issue 11: 9999-12-31
 * made the calendar throw a RangeError).
 */
export const FIRST_LOCAL_DATE = "1970-01-01";
export const LAST_LOCAL_DATE = "2999-12-31";

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A learner's local calendar date, `YYYY-MM-DD` (a real date: no 2023-02-29). */
export const localDateSchema = z.string().check(
  z.refine(isCalendarDate, { message: "Expected a calendar date as YYYY-MM-DD" }),
  z.refine((d) => d >= FIRST_LOCAL_DATE && d <= LAST_LOCAL_DATE, {
    message: `Expected a date from ${FIRST_LOCAL_DATE} to ${LAST_LOCAL_DATE}`,
  }),
);
export type LocalDate = z.infer<typeof localDateSchema>;

/** An IANA time-zone name such as `Europe/Berlin`. */
export const timeZoneSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(64),
    z.refine(isTimeZone, { message: "Expected an IANA time zone such as Europe/Berlin" }),
  );

export const dailyGoalXpSchema = z.union(DAILY_GOAL_OPTIONS.map((xp) => z.literal(xp)));
export type DailyGoalXp = z.infer<typeof dailyGoalXpSchema>;

export const progressSchema = z.object({
  today: z.object({ date: localDateSchema, xp: z.number().check(z.int(), z.nonnegative()) }),
  dailyGoal: z.object({ xp: z.number().check(z.int(), z.positive()) }),
  streak: z.object({
    current: z.number().check(z.int(), z.nonnegative()),
    longest: z.number().check(z.int(), z.nonnegative()),
    /** Whether today already counts towards the current streak (the goal is met today). */
    todayCounted: z.boolean(),
    /** Freezes owned and not yet used. */
    freezes: z.number().check(z.int(), z.nonnegative()),
  }),
  coins: z.object({ balance: z.number().check(z.int(), z.nonnegative()) }),
  timeZone: z.string(),
});
export type Progress = z.infer<typeof progressSchema>;

export const dailyGoalBodySchema = z.object({ xp: dailyGoalXpSchema });
export type DailyGoalBody = z.infer<typeof dailyGoalBodySchema>;

export const timeZoneBodySchema = z.object({ timeZone: timeZoneSchema });
export type TimeZoneBody = z.infer<typeof timeZoneBodySchema>;

const id = z.number().check(z.int(), z.positive());

/** A learner's file as the runners take it: the runners' own name rule (one rule, not two). */
export const completionFileSchema = z.object({
  name: runFileSchema.shape.name,
  content: z.string().check(z.maxLength(100_000)),
});

export const lessonCompletionBodySchema = z.object({
  trackId: id,
  tutorialId: id,
  chapterId: id,
  trackVersion: id,
  /** Code and project lessons: the learner's files, run with the lesson's checks on the server. */
  files: z.optional(z.array(completionFileSchema).check(z.maxLength(MAX_RUN_FILES))),
  /** Multiple-choice and fill-in lessons: the learner's answer, as the client recorded it. */
  answer: z.optional(z.string().check(z.maxLength(10_000))),
  /** When the learner finished, by their device's clock; the server's clock when absent. */
  completedAt: z.optional(z.iso.datetime({ offset: true })),
  timeZone: timeZoneSchema,
  /** Generated once per completion by the client, so a retry or a replayed sync counts once. */
  clientEventId: z.uuid(),
});
export type LessonCompletionBody = z.infer<typeof lessonCompletionBodySchema>;

export const completionResultSchema = z.object({
  /** False when this lesson (or this clientEventId) was already counted: nothing is earned. */
  counted: z.boolean(),
  xpEarned: z.number().check(z.int(), z.nonnegative()),
  coinsEarned: z.number().check(z.int(), z.nonnegative()),
  chapterFinished: z.boolean(),
  tutorialFinished: z.boolean(),
  unlockedTutorialId: z.nullable(z.number().check(z.int(), z.positive())),
  streakIncreased: z.boolean(),
  /** A worded streak milestone reached by this completion, e.g. "Your 7th day in a row!". */
  milestone: z.nullable(z.string()),
  progress: progressSchema,
});
export type CompletionResult = z.infer<typeof completionResultSchema>;

export const syncEventSchema = z.extend(lessonCompletionBodySchema, { lessonId: id });
export type SyncEvent = z.infer<typeof syncEventSchema>;

/**
 * A sync takes up to 200 events and checks each one against syncEventSchema on its own, so that
 * one bad event (a file name the runners refuse, too many files) is answered as rejected while
 * the rest count. Only what names the event in the answer is checked for the whole request.
 */
export const syncBodySchema = z.object({
  events: z.array(z.looseObject({ clientEventId: z.uuid() })).check(z.maxLength(MAX_SYNC_EVENTS)),
});
export type SyncBody = { events: SyncEvent[] };

export const syncResultSchema = z.object({
  results: z.array(
    z.object({
      clientEventId: z.uuid(),
      counted: z.boolean(),
      xpEarned: z.number().check(z.int(), z.nonnegative()),
      /** False for events finished more than 48 hours before the sync: XP only. */
      countsForStreak: z.boolean(),
      /** Why the event was refused (it will never count as sent): a field and what is wrong. */
      rejected: z.optional(z.string()),
    }),
  ),
  /**
   * Events whose code could not be checked within this sync's time budget (other learners'
   * checks came first, or this learner has too many waiting): not counted and not refused. The
   * client keeps them queued and sends them again later.
   */
  deferred: z.optional(z.array(z.uuid())),
  progress: progressSchema,
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const calendarQuerySchema = z.object({ from: localDateSchema, to: localDateSchema });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const calendarDaySchema = z.object({
  date: localDateSchema,
  xp: z.number().check(z.int(), z.nonnegative()),
  goalMet: z.boolean(),
  /** A freeze covered this missed day, so the streak went on through it. */
  frozen: z.boolean(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const calendarResultSchema = z.object({ days: z.array(calendarDaySchema) });
export type CalendarResult = z.infer<typeof calendarResultSchema>;

export const buyFreezeResultSchema = z.object({
  freezes: z.number().check(z.int(), z.nonnegative()),
  coins: z.object({ balance: z.number().check(z.int(), z.nonnegative()) }),
});
export type BuyFreezeResult = z.infer<typeof buyFreezeResultSchema>;

export const tutorialStateSchema = z.enum(["locked", "current", "done"]);
export type TutorialState = z.infer<typeof tutorialStateSchema>;

export const trackProgressSchema = z.object({
  trackId: id,
  completedLessonIds: z.array(id),
  tutorials: z.array(
    z.object({
      id,
      state: tutorialStateSchema,
      completedLessons: z.number().check(z.int(), z.nonnegative()),
      totalLessons: z.number().check(z.int(), z.nonnegative()),
    }),
  ),
});
export type TrackProgress = z.infer<typeof trackProgressSchema>;

export const activeSectionSchema = z.object({
  trackId: id,
  sectionIndex: z.number().check(z.int(), z.nonnegative()),
  tutorialId: id,
  chapterId: id,
  lessonIndex: z.number().check(z.int(), z.nonnegative()),
});
export type ActiveSection = z.infer<typeof activeSectionSchema>;

export const activeSectionBodySchema = z.object({
  sectionIndex: z.number().check(z.int(), z.nonnegative()),
});
export type ActiveSectionBody = z.infer<typeof activeSectionBodySchema>;

export const activeTrackSchema = z.object({ trackId: z.nullable(id) });
export type ActiveTrack = z.infer<typeof activeTrackSchema>;

export const activeTrackBodySchema = z.object({ trackId: id });
export type ActiveTrackBody = z.infer<typeof activeTrackBodySchema>;

/**
 * An id in a path or a query, as a string in the URL: a positive whole number, or a 400 that
 * says so in these words. The one definition every route uses (issue 12).
 */
export function idParamSchema(name: string) {
  const message = `${name} must be a positive whole number`;
  // z.int() also refuses integers past Number.MAX_SAFE_INTEGER.
  return z.coerce
    .number({ error: message })
    .check(z.int({ error: message }), z.positive({ error: message }));
}

/** Path parameters, as strings in the URL. */
export const lessonIdParamsSchema = z.object({ lessonId: idParamSchema("lessonId") });
export const trackIdParamsSchema = z.object({ trackId: idParamSchema("trackId") });
export const chapterParamsSchema = z.object({
  trackId: idParamSchema("trackId"),
  tutorialId: idParamSchema("tutorialId"),
  chapterId: idParamSchema("chapterId"),
});
export const chapterLessonParamsSchema = z.extend(chapterParamsSchema, {
  lessonId: idParamSchema("lessonId"),
});
