/**
 * The admin analytics queries with 10 million events (issue 14, ADR 0042): generates the events in
 * SQL (generate_series, no JS loop) with 10,000 learners, their visits and streak days, then times
 * each figure two ways in the same run: straight from the raw events with the base indexes
 * (baseline, testing/raw-analytics-sql.ts) and from the daily rollups of migrations 0009 and 0011
 * (the very SQL GET /v1/admin/analytics runs, ADR 0048), then the cost of a batch's rollups.
 * Run: npm run bench -- analytics [events] [postgres://...]
 * Without a URL it runs on PGlite in a temporary folder; with one it creates a database of its
 * own on that server and drops it at the end.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@lumen/db";
import { sql } from "drizzle-orm";
import pg from "pg";
import {
  cohortSizesSql,
  cohortVisitsSql,
  readAnalytics,
  rollupFiguresSql,
  streakLengthsSql,
} from "../apps/server/src/commands/read-analytics.ts";
import { recordEvents } from "../apps/server/src/commands/record-events.ts";
import { refreshAnalyticsRollups } from "../apps/server/src/commands/roll-up-analytics.ts";
import { rawFiguresSql } from "../apps/server/src/testing/raw-analytics-sql.ts";

const total = Number(process.argv[2] ?? 10_000_000);
const serverUrl = process.argv[3];
const LEARNERS = 10_000;
const DAYS = 90;
const CHUNK = 1_000_000;
const now = new Date();
const today = now.toISOString().slice(0, 10);
const dayBefore = (n: number) =>
  new Date(now.getTime() - n * 86_400_000).toISOString().slice(0, 10);

let cleanup = async () => {};
let databaseUrl: string | undefined;
let dataDir: string | undefined;
if (serverUrl) {
  const name = `lumen_bench_analytics_${process.pid}`;
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  cleanup = async () => {
    const c = new pg.Client(serverUrl);
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
} else {
  dataDir = mkdtempSync(path.join(tmpdir(), "lumen-bench-analytics-"));
  cleanup = async () => rmSync(dataDir as string, { recursive: true, force: true });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
const { db } = database;
try {
  await database.migrate();
  console.log(
    `Analytics bench on ${database.kind}: ${total.toLocaleString("en")} events, ${LEARNERS} learners, ${DAYS} days`,
  );
  const [, setupMs] = await timed(async () => {
    await db.execute(sql`select setseed(0.14)`);
    await db.execute(sql`
      insert into users (email, password_hash, created_at)
      select 'bench-' || i || '@bench.localhost', '!', now() - (random() * ${DAYS} || ' days')::interval
      from generate_series(1, ${LEARNERS}) as i`);
    await db.execute(sql`insert into learner_progress (user_id) select id from users`);
    // "0 * d" ties the draw to each day: a learner visits on 30% of days (and has short streaks).
    await db.execute(sql`
      insert into user_visits (user_id, day, app_name)
      select u.id, d::date, 'web' from users u
      cross join lateral generate_series(u.created_at::date, current_date, interval '1 day') as d
      where random() < 0.3 + 0 * extract(epoch from d)`);
    await db.execute(sql`
      insert into progress_days (user_id, local_date, xp, goal_met, time_zone)
      select user_id, day, 20, true, 'UTC' from user_visits`);
  });
  console.log(`  learners, visits and streak days: ${seconds(setupMs)}`);

  // Events: a realistic mix of names; 70% signed in, a track on the lesson events.
  const [, eventsMs] = await timed(async () => {
    for (let start = 0; start < total; start += CHUNK) {
      const n = Math.min(CHUNK, total - start);
      await db.execute(sql`
        insert into analytics_events (name, properties, anonymous_id, user_id, occurred_at)
        select (array['pageview','pageview','pageview','open_lesson','open_lesson','run_code',
            'run_code','code_run','submit_code','finish_lesson','finish_chapter','show_solution',
            'open_streaks_dropdown','login'])[1 + (g % 14)],
          jsonb_build_object('trackId', 1 + (g / 75) % 5, 'lessonId', g % 500),
          'anon-' || u.k,
          case when (g / 25) % 10 < 7 then u.id end,
          now() - ((g % (${DAYS} * 1440)) || ' minutes')::interval
        from generate_series(${start + 1}::bigint, ${start + n}::bigint) as g
        -- 25 events in a row (25 minutes) are one learner's session.
        join (select id, row_number() over () - 1 as k from users) as u
          on u.k = ((g / 25) * 7919) % ${LEARNERS}`);
      process.stdout.write(`  ${(start + n).toLocaleString("en")} events\r`);
    }
  });
  console.log(`  ${total.toLocaleString("en")} events generated: ${seconds(eventsMs)}          `);
  await db.execute(sql`analyze`);

  const [, refreshMs] = await timed(() =>
    refreshAnalyticsRollups({ db, from: dayBefore(DAYS + 1), to: today }),
  );
  // Autovacuum would do this after the bulk insert; index-only scans need the visibility map.
  for (const table of [
    "analytics_daily_events",
    "analytics_actor_days",
    "analytics_actor_track_days",
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  const sizes: unknown = await db.execute(sql`
    select (select count(*) from analytics_daily_events) as daily_events,
      (select count(*) from analytics_actor_days) as actor_days,
      (select count(*) from analytics_actor_track_days) as actor_track_days`);
  const size = (sizes as { rows: Array<Record<string, unknown>> }).rows[0] ?? {};
  console.log(
    `  rollups rebuilt from the raw events: ${seconds(refreshMs)} (${size.daily_events} daily counts, ${size.actor_days} actor days, ${size.actor_track_days} actor track days)`,
  );

  type Figure = keyof ReturnType<typeof rollupFiguresSql>;
  const figures: Array<[string, Figure, number | null]> = [
    ["daily active learners", "dailyActive", null],
    ["  of one track", "dailyActive", 1],
    ["lessons finished per day", "lessonsFinished", null],
    ["funnel per track", "funnel", null],
    ["  of one track", "funnel", 1],
    ["events per name", "eventsByName", null],
  ];
  for (const days of [7, 28, DAYS]) {
    const from = dayBefore(days - 1);
    console.log(`\n  range: ${days} days`);
    console.log(
      `  ${"figure".padEnd(26)} ${"raw events (baseline)".padStart(22)} ${"rollups".padStart(10)}`,
    );
    for (const [label, figure, trackId] of figures) {
      const scope = { from, to: today, trackId };
      const raw = rawFiguresSql(scope)[figure];
      const rolled = rollupFiguresSql(scope)[figure];
      const [, rawMs] = await timed(() => db.execute(raw));
      await db.execute(rolled); // warm-up
      const [, rollMs] = await timed(() => db.execute(rolled));
      console.log(
        `  ${label.padEnd(26)} ${`${Math.round(rawMs)} ms`.padStart(22)} ${`${Math.round(rollMs)} ms`.padStart(10)}  (${(rawMs / Math.max(rollMs, 0.1)).toFixed(0)}x)`,
      );
    }
    for (const [label, query] of [
      ["retention cohorts", cohortSizesSql(from, today)],
      ["retention visits", cohortVisitsSql(from, today)],
      ["streak distribution", streakLengthsSql(today)],
    ] as const) {
      const [, ms] = await timed(() => db.execute(query));
      console.log(
        `  ${label.padEnd(26)} ${"(no rollup)".padStart(22)} ${`${Math.round(ms)} ms`.padStart(10)}`,
      );
    }
    const [, pageMs] = await timed(() => readAnalytics({ db, now, from, to: today }));
    const [, trackMs] = await timed(() => readAnalytics({ db, now, from, to: today, trackId: 1 }));
    console.log(
      `  whole GET /v1/admin/analytics answer (rollups, retention, streaks): ${Math.round(pageMs)} ms, one track: ${Math.round(trackMs)} ms`,
    );
  }

  // What the rollups cost each batch: POST /v1/events stores a batch and upserts its rollups in
  // one transaction (recordEvents), here 200 batches of 20 events by learners already active today.
  const names = ["pageview", "open_lesson", "run_code", "submit_code", "finish_lesson"] as const;
  const [, batchesMs] = await timed(async () => {
    for (let b = 0; b < 200; b++) {
      const events = Array.from({ length: 20 }, (_, i) => ({
        name: names[i % names.length] as (typeof names)[number],
        anonymousId: `anon-${(b * 7919) % LEARNERS}`,
        at: new Date(now.getTime() - i * 60_000).toISOString(),
        properties: { trackId: 1 + (b % 5), lessonId: i },
      }));
      await recordEvents({ db, events, userId: null });
    }
  });
  console.log(
    `\n  one batch of 20 events stored with its rollups: ${(batchesMs / 200).toFixed(1)} ms`,
  );
} finally {
  await database.close();
  await cleanup();
}
