/**
 * The admin console's analytics (issue 14, ADR 0042) for one range of UTC days: every figure but
 * retention and streaks is read from the daily rollups (roll-up-analytics.ts), never from the raw
 * events, so that a page view stays fast with tens of millions of events.
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

/** Distinct learners of each cohort who visited in week k after signing up (k < RETENTION_WEEKS). */
export const cohortVisitsSql = (from: string, to: string) =>
  sql`select c.week, (v.day - c.week) / 7 as k, count(distinct c.id) as n
    from (select id, date_trunc('week', created_at at time zone 'UTC')::date as week from users
      where created_at >= ${from}::date and created_at < ${to}::date + 1) as c
    join user_visits v on v.user_id = c.id and v.day >= c.week and v.day <= ${to}::date
      and v.day < c.week + ${RETENTION_WEEKS * 7}::int
    group by 1, 2`;

/**
 * Learners by current streak length on day `to`: runs of consecutive days with the goal met (or
 * frozen) that reach `to` or the day before. Only the last 400 days are read: a longer streak
 * still lands in the top bucket.
 */
export const streakLengthsSql = (to: string) =>
  sql`with d as (
      select user_id, local_date,
        local_date - (row_number() over (partition by user_id order by local_date))::int as grp
      from progress_days
      where (goal_met or frozen) and local_date <= ${to}::date and local_date > ${to}::date - 400),
    runs as (select user_id, max(local_date) as last, count(*) as len from d group by user_id, grp),
    current as (select user_id, max(len) as len from runs
      where last >= ${to}::date - 1 group by user_id)
    select coalesce(c.len, 0) as len, count(*) as n
    from learner_progress p left join current c using (user_id) group by 1`;

export async function readAnalytics(options: ReadAnalyticsOptions): Promise<AdminAnalytics> {
  const { db } = options;
  const { from, to, days } = analyticsRange(options.now, options.from, options.to);
  const trackId = options.trackId ?? null;
  const track = trackId === null ? sql`` : sql` and track_id = ${trackId}`;
  const inRange = sql`day between ${from}::date and ${to}::date`;

  const [active, finished, funnel, cohorts, activity, streaks, byName] = await Promise.all([
    rows(
      db,
      sql`select day, count(*) as n from (select distinct day, actor from analytics_daily_actors
        where ${inRange}${track}) as a group by day`,
    ),
    rows(
      db,
      sql`select day, sum(events) as n from analytics_daily_events
      where ${inRange} and name = 'finish_lesson'${track} group by day`,
    ),
    rows(
      db,
      sql`select track_id,
        count(*) filter (where s1) as s1, count(*) filter (where s1 and s2) as s2,
        count(*) filter (where s1 and s2 and s3) as s3,
        count(*) filter (where s1 and s2 and s3 and s4) as s4
      from (select track_id, actor,
          bool_or(name = 'open_lesson') as s1, bool_or(name = 'submit_code') as s2,
          bool_or(name = 'finish_lesson') as s3, bool_or(name = 'finish_chapter') as s4
        from analytics_daily_actors
        where ${inRange} and track_id <> 0${track}
          and name in ('open_lesson', 'submit_code', 'finish_lesson', 'finish_chapter')
        group by track_id, actor) as a
      group by track_id order by track_id`,
    ),
    rows(db, cohortSizesSql(from, to)),
    rows(db, cohortVisitsSql(from, to)),
    rows(db, streakLengthsSql(to)),
    rows(
      db,
      sql`select name, sum(events) as n from analytics_daily_events
      where ${inRange}${track} group by name order by 2 desc, name`,
    ),
  ]);

  const perDay = (found: Row[]) => {
    const byDay = new Map(found.map((r) => [dayText(r.day), Number(r.n)]));
    return Array.from({ length: days }, (_, i) => {
      const day = dayOf(new Date(Date.parse(`${from}T00:00:00Z`) + i * DAY_MS));
      return { day, n: byDay.get(day) ?? 0 };
    });
  };
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

  return {
    from,
    to,
    trackId,
    dailyActive: perDay(active).map(({ day, n }) => ({ day, learners: n })),
    lessonsFinished: perDay(finished).map(({ day, n }) => ({ day, lessons: n })),
    funnel: funnel.map((r) => ({
      trackId: Number(r.track_id),
      steps: ANALYTICS_FUNNEL_STEPS.map((name, i) => ({ name, learners: Number(r[`s${i + 1}`]) })),
    })),
    retention,
    streaks: bucketStreaks(streaks.map((r) => ({ length: Number(r.len), learners: Number(r.n) }))),
    eventsByName: byName.map((r) => ({ name: String(r.name), events: Number(r.n) })),
  };
}
