/**
 * The admin console's analytics (issue 14, ADRs 0042 and 0048) for one range of UTC days: every
 * figure but retention and streaks is read from the daily rollups (roll-up-analytics.ts), never
 * from the raw events, so that a page view stays fast with tens of millions of events.
 */
import {
  type AdminAnalytics,
  ANALYTICS_FUNNEL_STEPS,
  ANALYTICS_MAX_RANGE_DAYS,
  STREAK_BUCKETS,
} from "@lumen/contracts";
import type { Db } from "@lumen/db";
import { type SQL, sql } from "drizzle-orm";
import { errors } from "../errors.ts";

/** Weeks after sign-up shown in the cohort table (0..RETENTION_WEEKS-1). */
export const RETENTION_WEEKS = 12;
const DAY_MS = 86_400_000;

export interface ReadAnalyticsOptions {
  db: Db;
  now: Date;
  from?: string | undefined;
  to?: string | undefined;
  trackId?: number | undefined;
}

type Row = Record<string, unknown>;
async function rows(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  // node-postgres and PGlite both answer { rows }; counts may come back as strings (bigint).
  return (result as { rows: Row[] }).rows;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const dayText = (value: unknown) =>
  value instanceof Date ? dayOf(value) : String(value).slice(0, 10);

/** The range asked for, defaulting to the 28 days up to today; refused when reversed or too long. */
export function analyticsRange(now: Date, from?: string, to?: string) {
  const end = to ?? dayOf(now);
  const start = from ?? dayOf(new Date(Date.parse(`${end}T00:00:00Z`) - 27 * DAY_MS));
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS + 1;
  const real = (day: string) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    // 2026-02-30 parses (as 2026-03-02) in JavaScript but not in PostgreSQL.
    return Number.isFinite(time) && dayOf(new Date(time)) === day;
  };
  if (!real(start) || !real(end)) throw errors.validation("from and to must be real dates.");
  if (days < 1) throw errors.validation("from must not be after to.");
  if (days > ANALYTICS_MAX_RANGE_DAYS) {
    throw errors.validation(`The range may span at most ${ANALYTICS_MAX_RANGE_DAYS} days.`);
  }
  return { from: start, to: end, days };
}

/** Learners by the streak bucket their length falls in (STREAK_BUCKETS are lower bounds). */
export function bucketStreaks(lengths: Array<{ length: number; learners: number }>) {
  const buckets = STREAK_BUCKETS.map((from) => ({ from, learners: 0 }));
  for (const { length, learners } of lengths) {
    const index = STREAK_BUCKETS.findLastIndex((from) => length >= from);
    const bucket = buckets[Math.max(0, index)];
    if (bucket) bucket.learners += learners;
  }
  return buckets;
}

/** Sign-ups per week in the range (the cohorts). */
export const cohortSizesSql = (from: string, to: string) =>
  sql`select date_trunc('week', created_at at time zone 'UTC')::date as week, count(*) as n
    from users where created_at >= ${from}::date and created_at < ${to}::date + 1 group by 1`;

/**
 * Distinct learners of each cohort who visited in week k after signing up (k < RETENTION_WEEKS).
 * The cohort is materialized so that each learner's week is computed once, not once per visit,
 * and each learner's visits are read from the (user_id, day) key; hashing the distinct (week, k,
 * learner) triples first beats sorting every visit (half the time with 10,000 learners, ADR 0048).
 */
export const cohortVisitsSql = (from: string, to: string) =>
  sql`with c as materialized (
      select id, date_trunc('week', created_at at time zone 'UTC')::date as week from users
      where created_at >= ${from}::date and created_at < ${to}::date + 1)
    select week, k, count(*) as n from (
      select distinct c.week, (v.day - c.week) / 7 as k, c.id from c
      join user_visits v on v.user_id = c.id and v.day >= c.week and v.day <= ${to}::date
        and v.day < c.week + ${RETENTION_WEEKS * 7}::int) as seen
    group by 1, 2`;

/**
 * Learners by current streak length on day `to`: runs of consecutive days with the goal met (or
 * frozen) that reach `to` or the day before. Only the last 400 days count: a longer streak still
 * lands in the top bucket. Only learners with such a day on `to` or the day before have a streak;
 * for each, the run starts at the latest such day whose day before is not one, found by walking
 * their (user_id, local_date) key backwards: the work follows the streaks' lengths, not every
 * learner's 400 days (ADR 0048).
 */
export const streakLengthsSql = (to: string) =>
  sql`with recent as (
      select user_id, max(local_date) as last from progress_days
      where (goal_met or frozen) and local_date between ${to}::date - 1 and ${to}::date
      group by user_id),
    current as (
      select r.user_id, r.last + 1 - greatest((
          select p.local_date from progress_days p
          where p.user_id = r.user_id and (p.goal_met or p.frozen)
            and p.local_date <= r.last and p.local_date > ${to}::date - 400
            and not exists (select 1 from progress_days q where q.user_id = r.user_id
              and q.local_date = p.local_date - 1 and (q.goal_met or q.frozen))
          order by p.local_date desc limit 1), ${to}::date - 399) as len
      from recent r)
    select coalesce(c.len, 0) as len, count(*) as n
    from learner_progress p left join current c using (user_id) group by 1`;

/** The range and track one answer is for. */
export interface FigureScope {
  from: string;
  to: string;
  trackId: number | null;
}

/** The SQL of the four figures read from rollups, each answering { day | name | track_id, n… }. */
export function rollupFiguresSql({ from, to, trackId }: FigureScope) {
  const track = trackId === null ? sql`` : sql` and track_id = ${trackId}`;
  const inRange = sql`day between ${from}::date and ${to}::date`;
  const steps = sql.raw(ANALYTICS_FUNNEL_STEPS.map((step) => `'${step}'`).join(", "));
  // Bit i of `steps` is step i (ADR 0048): an actor reached step k when bits 0..k are all set.
  const reached = ANALYTICS_FUNNEL_STEPS.map((_, i) => {
    const mask = (1 << (i + 1)) - 1;
    return sql.raw(`count(*) filter (where (s & ${mask}) = ${mask}) as s${i + 1}`);
  });
  return {
    // One row per actor and day (per track when one is asked for): a count, no distinct.
    dailyActive:
      trackId === null
        ? sql`select day, count(*) as n from analytics_actor_days where ${inRange} group by day`
        : sql`select day, count(*) as n from analytics_actor_track_days
          where ${inRange}${track} group by day`,
    lessonsFinished: sql`select day, sum(events) as n from analytics_daily_events
      where ${inRange} and name = 'finish_lesson'${track} group by day`,
    // Track by track (the tracks with a step in the range, from the small per-name counts), each
    // read from the funnel index in actor order and aggregated as it goes: one hash table over
    // every (track, actor) of 90 days took twice as long (ADR 0048).
    funnel: sql`select t.track_id, f.* from (
        select distinct track_id from analytics_daily_events
        where ${inRange} and track_id <> 0${track} and name in (${steps})) as t
      cross join lateral (
        select ${sql.join(reached, sql`, `)} from (
          select actor, bit_or(steps) as s from analytics_actor_track_days as a
          where a.track_id = t.track_id and a.track_id <> 0 and a.steps <> 0 and ${inRange}
          group by actor) as per_actor) as f
      order by t.track_id`,
    eventsByName: sql`select name, sum(events) as n from analytics_daily_events
      where ${inRange}${track} group by name order by 2 desc, name`,
  };
}

export type FigureRows = Record<keyof ReturnType<typeof rollupFiguresSql>, Row[]>;

/** Runs the four figures' queries (rollups, or the bench's and tests' raw-event baseline). */
export async function readFigureRows(db: Db, queries: Record<keyof FigureRows, SQL>) {
  const [dailyActive, lessonsFinished, funnel, eventsByName] = await Promise.all([
    rows(db, queries.dailyActive),
    rows(db, queries.lessonsFinished),
    rows(db, queries.funnel),
    rows(db, queries.eventsByName),
  ]);
  return { dailyActive, lessonsFinished, funnel, eventsByName };
}

/** The four figures of the answer from their rows, every day of the range present. */
export function figuresFrom(scope: FigureScope, found: FigureRows) {
  const days =
    (Date.parse(`${scope.to}T00:00:00Z`) - Date.parse(`${scope.from}T00:00:00Z`)) / DAY_MS + 1;
  const perDay = (list: Row[]) => {
    const byDay = new Map(list.map((r) => [dayText(r.day), Number(r.n)]));
    return Array.from({ length: days }, (_, i) => {
      const day = dayOf(new Date(Date.parse(`${scope.from}T00:00:00Z`) + i * DAY_MS));
      return { day, n: byDay.get(day) ?? 0 };
    });
  };
  return {
    dailyActive: perDay(found.dailyActive).map(({ day, n }) => ({ day, learners: n })),
    lessonsFinished: perDay(found.lessonsFinished).map(({ day, n }) => ({ day, lessons: n })),
    funnel: found.funnel.map((r) => ({
      trackId: Number(r.track_id),
      steps: ANALYTICS_FUNNEL_STEPS.map((name, i) => ({ name, learners: Number(r[`s${i + 1}`]) })),
    })),
    eventsByName: found.eventsByName.map((r) => ({ name: String(r.name), events: Number(r.n) })),
  };
}

export async function readAnalytics(options: ReadAnalyticsOptions): Promise<AdminAnalytics> {
  const { db } = options;
  const { from, to } = analyticsRange(options.now, options.from, options.to);
  const scope = { from, to, trackId: options.trackId ?? null };
  const [figures, cohorts, activity, streaks] = await Promise.all([
    readFigureRows(db, rollupFiguresSql(scope)),
    rows(db, cohortSizesSql(from, to)),
    rows(db, cohortVisitsSql(from, to)),
    rows(db, streakLengthsSql(to)),
  ]);

  const weeksSeen = (week: string) =>
    Math.min(
      RETENTION_WEEKS,
      Math.floor((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${week}T00:00:00Z`)) / (7 * DAY_MS)) +
        1,
    );
  const retention = cohorts
    .map((c) => {
      const week = dayText(c.week);
      const weeks: number[] = Array.from({ length: weeksSeen(week) }, () => 0);
      for (const a of activity) {
        const k = Number(a.k);
        if (dayText(a.week) === week && k < weeks.length) weeks[k] = Number(a.n);
      }
      return { week, size: Number(c.n), weeks };
    })
    .sort((a, b) => a.week.localeCompare(b.week));

  const { dailyActive, lessonsFinished, funnel, eventsByName } = figuresFrom(scope, figures);
  return {
    from,
    to,
    trackId: scope.trackId,
    dailyActive,
    lessonsFinished,
    funnel,
    retention,
    streaks: bucketStreaks(streaks.map((r) => ({ length: Number(r.len), learners: Number(r.n) }))),
    eventsByName,
  };
}
