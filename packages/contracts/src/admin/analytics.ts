/**
 * Admin console contracts: analytics (issue 14). GET /v1/admin/analytics answers every figure of
 * the console's analytics page for one date range (UTC days, both ends included) and optional track.
 */
import { z } from "../zod.ts";

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD"));

/** The longest range one request may ask for: a year of days. */
export const ANALYTICS_MAX_RANGE_DAYS = 366;
/**
 * The funnel's steps, in order (issue 14). Step i is stored as bit i of a rollup (ADR 0048): a
 * change to this list needs the rollups of the days already stored rebuilt from the raw events.
 */
export const ANALYTICS_FUNNEL_STEPS = [
  "open_lesson",
  "submit_code",
  "finish_lesson",
  "finish_chapter",
] as const;
/** Streak lengths are grouped into these buckets (lower bounds, in days). */
export const STREAK_BUCKETS = [0, 1, 2, 3, 7, 14, 30, 100] as const;

export const adminAnalyticsQuerySchema = z.object({
  from: z.optional(isoDay),
  to: z.optional(isoDay),
  trackId: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,9}$/, "must be a positive whole number")),
      z.transform(Number),
    ),
  ),
});
export type AdminAnalyticsQuery = z.infer<typeof adminAnalyticsQuerySchema>;

const count = z.number().check(z.int(), z.nonnegative());

export const adminAnalyticsSchema = z.object({
  from: isoDay,
  to: isoDay,
  trackId: z.nullable(z.number()),
  /** Distinct learners (signed in or not) who sent any event, per day. */
  dailyActive: z.array(z.object({ day: isoDay, learners: count })),
  lessonsFinished: z.array(z.object({ day: isoDay, lessons: count })),
  /** Distinct learners per track who did each step and every step before it in the range. */
  funnel: z.array(
    z.object({
      trackId: z.number(),
      steps: z.array(z.object({ name: z.enum(ANALYTICS_FUNNEL_STEPS), learners: count })),
    }),
  ),
  /** Sign-up week cohorts: `weeks[k]` is how many of the cohort visited in week k after sign-up. */
  retention: z.array(z.object({ week: isoDay, size: count, weeks: z.array(count) })),
  /** Learners by current streak length; `from` is the bucket's lower bound in days. */
  streaks: z.array(z.object({ from: count, learners: count })),
  eventsByName: z.array(z.object({ name: z.string(), events: count })),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;
