/**
 * The rollups answer what the raw events say (ADR 0048): a generated data set (signed-in and
 * anonymous actors, tracks as numbers, digit strings or junk, events over two weeks, sent in
 * batches through recordEvents) gives the same daily active learners, lessons per day, funnel and
 * events per name from the rollups as counted from the raw events, for several ranges and tracks,
 * and a rebuild of the rollups writes the very rows the batches upserted.
 */
import { randomUUID } from "node:crypto";
import { ANALYTICS_FUNNEL_STEPS, type AnalyticsEvent } from "@lumen/contracts";
import { type Database, schema, sql } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawFiguresSql } from "../testing/raw-analytics-sql.ts";
import { figuresFrom, readAnalytics, readFigureRows, streakLengthsSql } from "./read-analytics.ts";
import { recordEvents } from "./record-events.ts";
import { refreshAnalyticsRollups } from "./roll-up-analytics.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const DAY_MS = 86_400_000;
const now = new Date();
const dayBefore = (n: number) => new Date(now.getTime() - n * DAY_MS).toISOString().slice(0, 10);

/** A small seeded generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const NAMES = [...ANALYTICS_FUNNEL_STEPS, "pageview", "run_code", "login"] as const;
const TRACKS: Array<number | string | undefined> = [1, 2, 3, "2", "x", 1.5, undefined];

/** Batches as browsers send them: each from one browser, signed in or not, over 14 days. */
function generate(seed: number) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const users = Array.from({ length: 8 }, () => randomUUID());
  const batches: Array<{ userId: string | null; events: AnalyticsEvent[] }> = [];
  for (let b = 0; b < 120; b++) {
    const browser = Math.floor(next() * 20);
    // Browsers 0..7 belong to a learner who is signed in on 70% of their batches.
    const userId = browser < users.length && next() < 0.7 ? (users[browser] ?? null) : null;
    const day = Math.floor(next() * 14);
    const events = Array.from({ length: 1 + Math.floor(next() * 12) }, (): AnalyticsEvent => {
      const trackId = pick(TRACKS);
      // Mostly the batch's day; now and then the day before (a batch sent after midnight).
      const at = now.getTime() - (day + (next() < 0.15 ? 1 : 0)) * DAY_MS - next() * 3_600_000;
      return {
        name: pick(NAMES),
        anonymousId: `browser-${browser}`,
        at: new Date(at).toISOString(),
        properties: trackId === undefined ? {} : { trackId, lessonId: 7 },
      };
    });
    batches.push({ userId, events });
  }
  return { batches };
}

const scopes = (trackIds: Array<number | null>) =>
  [
    { from: dayBefore(15), to: dayBefore(0) },
    { from: dayBefore(6), to: dayBefore(0) },
    { from: dayBefore(20), to: dayBefore(9) },
    { from: dayBefore(3), to: dayBefore(3) },
  ].flatMap((range) => trackIds.map((trackId) => ({ ...range, trackId })));

async function expectRollupsToMatchRawEvents() {
  for (const scope of scopes([null, 1, 2, 3, 99])) {
    const answer = await readAnalytics({
      db: database.db,
      now,
      ...scope,
      trackId: scope.trackId ?? undefined,
    });
    const raw = figuresFrom(scope, await readFigureRows(database.db, rawFiguresSql(scope)));
    expect(
      {
        dailyActive: answer.dailyActive,
        lessonsFinished: answer.lessonsFinished,
        funnel: answer.funnel,
        eventsByName: answer.eventsByName,
      },
      JSON.stringify(scope),
    ).toEqual(raw);
  }
}

type Row = Record<string, unknown>;
async function rollupRows() {
  const read = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  return {
    events: await read(sql`select * from analytics_daily_events order by day, name, track_id`),
    actorDays: await read(sql`select * from analytics_actor_days order by day, actor`),
    trackDays: await read(sql`select * from analytics_actor_track_days
      order by day, track_id, actor`),
  };
}

describe("the analytics rollups", () => {
  it("answer as the raw events do, batch by batch and once rebuilt", async () => {
    const { batches } = generate(14);
    for (const batch of batches) await recordEvents({ db: database.db, ...batch });

    // The data set reaches every step of the funnel, in more than one track.
    const whole = await readAnalytics({
      db: database.db,
      now,
      from: dayBefore(15),
      to: dayBefore(0),
    });
    expect(whole.funnel.length).toBeGreaterThan(1);
    for (const track of whole.funnel) {
      expect(track.steps.every((step) => step.learners > 0)).toBe(true);
    }
    expect(Math.max(...whole.dailyActive.map((day) => day.learners))).toBeGreaterThan(3);
    await expectRollupsToMatchRawEvents();

    // A rebuild from the raw events writes exactly the rows the batches upserted.
    const upserted = await rollupRows();
    await refreshAnalyticsRollups({ db: database.db, from: dayBefore(16), to: dayBefore(0) });
    expect(await rollupRows()).toEqual(upserted);
    await expectRollupsToMatchRawEvents();
  });
});

/** The current streak on `to` as a learner would count it: back from `to` (or the day before). */
function walkBack(days: Map<string, boolean>, to: string): number {
  const back = (n: number) =>
    new Date(Date.parse(`${to}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
  let n = days.get(back(0)) ? 0 : 1;
  let length = 0;
  // Only the last 400 days are read (streakLengthsSql).
  while (n < 400 && days.get(back(n))) {
    length += 1;
    n += 1;
  }
  return length;
}

describe("the streak distribution", () => {
  it("counts each learner's current streak as walking back from the last day would", async () => {
    const next = random(48);
    const to = dayBefore(3);
    const expected = new Map<number, number>();
    for (let i = 0; i < 40; i++) {
      const [user] = await database.db
        .insert(schema.users)
        .values({ email: `streak-${i}@example.test`, passwordHash: "!" })
        .returning({ id: schema.users.id });
      const userId = user?.id as string;
      await database.db.insert(schema.learnerProgress).values({ userId });
      // Runs of goal days with gaps, now and then frozen or below the goal, up to 430 days back
      // (past the 400 read), some after `to` (not yet counted).
      // Learner 0 met the goal on each of the last 430 days.
      const density = i === 0 ? 1 : ([0, 0.3, 0.8, 0.97, 1][i % 5] as number);
      const span = i % 7 === 0 ? 430 : 30;
      const days = new Map<string, boolean>();
      const rows = [];
      for (let n = -2; n < span; n++) {
        if (next() >= density) continue;
        const localDate = dayBefore(3 + n);
        const kind = i === 0 ? 0 : next();
        const goalMet = kind < 0.85;
        const frozen = !goalMet && kind < 0.93;
        days.set(localDate, goalMet || frozen);
        rows.push({ userId, localDate, xp: 20, goalMet, frozen, timeZone: "UTC" });
      }
      if (rows.length > 0) await database.db.insert(schema.progressDays).values(rows);
      const length = walkBack(days, to);
      expected.set(length, (expected.get(length) ?? 0) + 1);
    }
    const found = ((await database.db.execute(streakLengthsSql(to))) as unknown as { rows: Row[] })
      .rows;
    const lengths = new Map(found.map((r) => [Number(r.len), Number(r.n)]));
    expect(lengths).toEqual(expected);
    // The data set has learners without a streak, short ones and one longer than the days read.
    expect(expected.get(0)).toBeGreaterThan(0);
    expect([...expected.keys()].some((length) => length > 1 && length < 30)).toBe(true);
    expect(expected.get(400)).toBeGreaterThan(0);
  });
});
