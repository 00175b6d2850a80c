/**
 * Demo analytics (issue 14): a few weeks of realistic activity for 120 demo learners, so that the
 * console's analytics page has something to draw on a laptop and in the e2e. Everything is
 * generated in SQL (generate_series), with a fixed seed: the same data on every run. The learners
 * get no usable password ('!' is no scrypt hash). Run once: a second run finds them and stops.
 */
import type { Db } from "@lumen/db";
import { sql } from "drizzle-orm";
import { refreshAnalyticsRollups } from "./roll-up-analytics.ts";

export const DEMO_ANALYTICS_LEARNERS = 120;
export const DEMO_ANALYTICS_WEEKS = 6;
const EMAIL_SUFFIX = "@analytics-demo.lumen.localhost";

export interface SeedDemoAnalyticsOptions {
  db: Db;
  now: Date;
}

/** Answers how many events were generated, or 0 when the demo learners exist already. */
export async function seedDemoAnalytics({ db, now }: SeedDemoAnalyticsOptions): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const days = DEMO_ANALYTICS_WEEKS * 7;
  return db.transaction(async (tx) => {
    const existing: unknown = await tx.execute(
      sql`select 1 from users where email like ${`%${EMAIL_SUFFIX}`} limit 1`,
    );
    if ((existing as { rows: unknown[] }).rows.length > 0) return 0;
    await tx.execute(sql`select setseed(0.42)`);
    // Learners signed up over the weeks; each is active on a day with a chance that fades.
    await tx.execute(sql`
      insert into users (email, password_hash, display_name, email_verified, created_at)
      select 'learner-' || i || ${EMAIL_SUFFIX}, '!', 'Demo learner ' || i, true,
        ${today}::date - ((i * 7) % ${days})::int + interval '9 hours'
      from generate_series(1, ${DEMO_ANALYTICS_LEARNERS}) as i`);
    await tx.execute(sql`
      create temporary table demo_days on commit drop as
      select u.id as user_id, d::date as day, 1 + (abs(hashtext(u.id::text)) % 2) as track_id
      from users u
      cross join lateral generate_series(u.created_at::date, ${today}::date, interval '1 day') as d
      where u.email like ${`%${EMAIL_SUFFIX}`}
        and random() < 0.7 * exp(-((d::date - u.created_at::date) / 7.0) / 3.5)`);
    await tx.execute(sql`
      insert into user_visits (user_id, day, app_name, count, first_at, last_at)
      select user_id, day, 'web', 1, day + interval '10 hours', day + interval '10 hours'
      from demo_days`);
    await tx.execute(sql`
      insert into learner_progress (user_id) select id from users
      where email like ${`%${EMAIL_SUFFIX}`} on conflict do nothing`);
    await tx.execute(sql`
      insert into progress_days (user_id, local_date, xp, goal_met, time_zone)
      select user_id, day, 20, true, 'UTC' from demo_days`);
    // Per active day: pageviews, lessons opened, code run and submitted, most lessons finished,
    // now and then a chapter.
    const inserted: unknown = await tx.execute(sql`
      insert into analytics_events (name, properties, anonymous_id, user_id, path, occurred_at)
      select e.name, jsonb_build_object('trackId', d.track_id), 'demo-' || d.user_id, d.user_id,
        '/web', d.day + interval '10 hours' + (e.n * interval '3 minutes')
      from demo_days d
      cross join lateral (
        select name, n from (values ('pageview', 1), ('pageview', 2), ('open_lesson', 3),
          ('run_code', 4), ('run_code', 5), ('submit_code', 6)) as v(name, n)
        union all select 'finish_lesson', 7 where random() < 0.75 + 0 * d.track_id
        union all select 'finish_chapter', 8 where random() < 0.2 + 0 * d.track_id
        union all select 'open_streaks_dropdown', 9 where random() < 0.3 + 0 * d.track_id
      ) as e -- "0 * d.track_id" ties each draw to its row, so random() runs per row.
      returning 1`);
    const events = (inserted as { rows: unknown[] }).rows.length;
    const from = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
    await refreshAnalyticsRollups({ db: tx, from, to: today });
    return events;
  });
}
