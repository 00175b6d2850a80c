/**
 * The progress API in-process against a real database: every endpoint's 401 and 400s, 404s for
 * unknown lessons and tracks, idempotent completions (retries, two tabs, replayed syncs), the
 * server-side checks' 422, the 48-hour sync rule, freezes and concurrent coin spends.
 */
import type { Chapter, Lesson, Track, Tutorial } from "@lumen/contracts";
import { type Database, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { CatalogStore } from "../catalog/catalog-store.ts";
import { type CheckService, createCheckService } from "../checks/check-service.ts";
import { buyStreakFreeze } from "../commands/buy-streak-freeze.ts";
import { completeLesson } from "../commands/complete-lesson.ts";
import { readProgress } from "../commands/read-progress.ts";
import { readStreakCalendar } from "../commands/read-streak-calendar.ts";
import { parseEnv } from "../env.ts";
import { presentProgress } from "../presenters/progress.ts";
import { testClient } from "../testing/api-client.ts";

const lesson = (id: number, index: number, overrides: Partial<Lesson> = {}): Lesson => ({
  id,
  index,
  slug: `lesson-${id}`,
  title: `Lesson ${id}`,
  type: "explanation",
  codeLanguage: "javascript",
  kind: "javascript",
  explanationHtml: "<p>Read this.</p>",
  executableContent: { files: [] },
  hints: [],
  ...overrides,
});
const codeLesson = (id: number, index: number) =>
  lesson(id, index, {
    type: "code",
    executableContent: {
      files: [{ name: "index.js", content: "// Log a greeting\n", readonly: false, hidden: false }],
    },
    checks: `test("Logs Hello", () => {
  assertEqual(output, "Hello", "Log exactly Hello.");
});`,
  });
const chapter = (id: number, lessons: Lesson[]): Chapter => ({
  id,
  slug: `chapter-${id}`,
  title: `Chapter ${id}`,
  lessons,
});
const tutorial = (id: number, chapters: Chapter[]): Tutorial => ({
  id,
  slug: `tutorial-${id}`,
  title: `Tutorial ${id}`,
  description: "",
  project: false,
  chapters,
});

const TRACK: Track = {
  id: 2,
  slug: "javascript",
  title: "JavaScript",
  description: "",
  language: "javascript",
  version: 1,
  sections: [
    { index: 0, title: "Basics", tutorialIds: [201, 202] },
    { index: 1, title: "More", tutorialIds: [203] },
  ],
  tutorials: [
    tutorial(201, [
      chapter(20101, [lesson(2010101, 0), codeLesson(2010102, 1)]),
      chapter(20102, [lesson(2010201, 0, { type: "multiple-choice" })]),
    ]),
    tutorial(202, [chapter(20201, [lesson(2020101, 0), lesson(2020102, 1)])]),
    tutorial(203, [chapter(20301, [lesson(2030101, 0)])]),
  ],
};

let database: Database;
let app: ReturnType<typeof createApp>;
let catalog: CatalogStore;
let checks: CheckService;
const env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });
const logger = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  catalog = new CatalogStore(database.db, {
    version: 1,
    catalog: { tracks: [TRACK], glossary: {} },
  });
  // The real sandbox pool, as the server runs it (ADR 0018).
  checks = createCheckService({ env, logger });
  app = createApp({ database, env, logger, catalog, checks });
});
afterAll(async () => {
  await checks.dispose();
  await database.close();
});

const api = testClient({ request: (path, init) => app.request(path, init) });
const call = api.call;
const signUp = () => api.signUp();

/** A completion body for a lesson of TRACK, with overrides. */
function completion(lessonId: number, overrides: Record<string, unknown> = {}) {
  const located = TRACK.tutorials.flatMap((t) =>
    t.chapters.flatMap((c) =>
      c.lessons.map((l) => ({ tutorialId: t.id, chapterId: c.id, lessonId: l.id })),
    ),
  );
  const place = located.find((p) => p.lessonId === lessonId) ?? {
    tutorialId: 201,
    chapterId: 20101,
  };
  return {
    trackId: 2,
    tutorialId: place.tutorialId,
    chapterId: place.chapterId,
    trackVersion: 1,
    timeZone: "Europe/Berlin",
    clientEventId: crypto.randomUUID(),
    ...overrides,
  };
}
const PASSING = [{ name: "index.js", content: 'console.log("Hello");' }];
const complete = (token: string, lessonId: number, overrides: Record<string, unknown> = {}) =>
  call("POST", `/v1/progress/lessons/${lessonId}/complete`, {
    token,
    body: completion(lessonId, overrides),
  });

async function giveCoins(userId: string, amount: number) {
  await database.db
    .insert(schema.coinLedger)
    .values({ userId, amount, reason: "lesson", ref: `gift-${crypto.randomUUID()}` });
}

describe("authentication", () => {
  it("answers 401 on every endpoint without a token", async () => {
    const endpoints: Array<[string, string]> = [
      ["GET", "/v1/progress"],
      ["PUT", "/v1/daily-goal"],
      ["PUT", "/v1/me/time-zone"],
      ["POST", "/v1/progress/lessons/2010101/complete"],
      ["POST", "/v1/progress/sync"],
      ["GET", "/v1/streak/calendar?from=2024-01-01&to=2024-01-31"],
      ["POST", "/v1/streak/freezes"],
      ["GET", "/v1/tracks/2/progress"],
      ["GET", "/v1/tracks/2/sections/active"],
      ["PUT", "/v1/tracks/2/sections/active"],
      ["GET", "/v1/me/active-track"],
      ["PUT", "/v1/me/active-track"],
    ];
    for (const [method, path] of endpoints) {
      const answer = await call(method, path, method === "GET" ? {} : { body: {} });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body.code).toBe("unauthenticated");
    }
  });
});

describe("the app's clock", () => {
  it("dates the learner's day by AppDeps.clock, not the machine's", async () => {
    const fixed = new Date("2031-02-03T10:00:00Z");
    const dated = createApp({ database, env, logger, catalog, checks, clock: () => fixed });
    const client = testClient(dated);
    const { token } = await client.signUp();
    const answer = await client.get("/v1/progress", { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ today: { date: "2031-02-03", xp: 0 } });
  });
});

describe("progress, goal and time zone", () => {
  it("starts a new learner at zero with a 10 XP goal", async () => {
    const { token } = await signUp();
    const answer = await call("GET", "/v1/progress", { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      today: { xp: 0 },
      dailyGoal: { xp: 10 },
      streak: { current: 0, longest: 0, todayCounted: false, freezes: 0 },
      coins: { balance: 0 },
      timeZone: "UTC",
    });
  });

  it("sets the daily goal and refuses goals not on offer", async () => {
    const { token } = await signUp();
    for (const body of [{ xp: 25 }, { xp: "20" }, {}, { xp: 0 }]) {
      const answer = await call("PUT", "/v1/daily-goal", { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe("validation_failed");
    }
    expect((await call("PUT", "/v1/daily-goal", { token, raw: "{" })).body.code).toBe(
      "invalid_json",
    );
    const answer = await call("PUT", "/v1/daily-goal", { token, body: { xp: 30 } });
    expect(answer.status).toBe(200);
    expect(answer.body.dailyGoal).toEqual({ xp: 30 });
  });

  it("records the learner's time zone and refuses unknown ones", async () => {
    const { token } = await signUp();
    const bad = await call("PUT", "/v1/me/time-zone", { token, body: { timeZone: "Mars/Base" } });
    expect(bad.status).toBe(400);
    const answer = await call("PUT", "/v1/me/time-zone", {
      token,
      body: { timeZone: "Asia/Kolkata" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.timeZone).toBe("Asia/Kolkata");
  });
});

describe("completing a lesson", () => {
  it("refuses bad input with 400", async () => {
    const { token } = await signUp();
    const cases: Array<[string, unknown]> = [
      ["/v1/progress/lessons/abc/complete", completion(2010101)],
      ["/v1/progress/lessons/2010101/complete", { ...completion(2010101), clientEventId: "x" }],
      ["/v1/progress/lessons/2010101/complete", { ...completion(2010101), timeZone: "Nowhere" }],
      ["/v1/progress/lessons/2010101/complete", { ...completion(2010101), trackId: -1 }],
      ["/v1/progress/lessons/2010101/complete", { ...completion(2010101), completedAt: "today" }],
      ["/v1/progress/lessons/2010101/complete", { trackId: 2 }],
    ];
    for (const [path, body] of cases) {
      const answer = await call("POST", path, { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("answers 404 for an unknown lesson, track or version, or a lesson elsewhere", async () => {
    const { token } = await signUp();
    expect((await complete(token, 9999999)).status).toBe(404);
    expect((await complete(token, 2010101, { trackId: 7 })).status).toBe(404);
    expect((await complete(token, 2010101, { trackVersion: 5 })).status).toBe(404);
    expect((await complete(token, 2010101, { chapterId: 20102 })).status).toBe(404);
  });

  it("earns XP and a coin once, however often it is sent", async () => {
    const { token } = await signUp();
    const clientEventId = crypto.randomUUID();
    const first = await complete(token, 2010101, { clientEventId });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ counted: true, xpEarned: 5, coinsEarned: 1 });
    const retry = await complete(token, 2010101, { clientEventId });
    expect(retry.body).toMatchObject({ counted: false, xpEarned: 0, coinsEarned: 0 });
    const otherTab = await complete(token, 2010101);
    expect(otherTab.body).toMatchObject({ counted: false, xpEarned: 0 });
    const progress = await call("GET", "/v1/progress", { token });
    expect(progress.body.today).toMatchObject({ xp: 5 });
    expect(progress.body.coins).toEqual({ balance: 1 });
  });

  it("counts one of several parallel completions of the same lesson", async () => {
    const { token } = await signUp();
    const answers = await Promise.all(Array.from({ length: 6 }, () => complete(token, 2020101)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(answers.filter((a) => a.body.counted === true)).toHaveLength(1);
    const progress = await call("GET", "/v1/progress", { token });
    expect(progress.body.today).toMatchObject({ xp: 5 });
  });

  it("runs code on the server: failing checks answer 422, passing ones count", async () => {
    const { token } = await signUp();
    const missing = await complete(token, 2010102);
    expect(missing.status).toBe(400);
    const failing = await complete(token, 2010102, {
      files: [{ name: "index.js", content: 'console.log("hello");' }],
    });
    expect(failing.status).toBe(422);
    expect(failing.body).toEqual({ code: "checks_failed", message: "Log exactly Hello." });
    const passing = await complete(token, 2010102, { files: PASSING });
    expect(passing.status).toBe(200);
    expect(passing.body).toMatchObject({
      counted: true,
      xpEarned: 10,
      streakIncreased: true,
      progress: { streak: { current: 1, todayCounted: true } },
    });
  });

  it("finishes chapters and tutorials and unlocks the next tutorial in the section", async () => {
    const { token } = await signUp();
    await complete(token, 2010101);
    const chapterDone = await complete(token, 2010102, { files: PASSING });
    expect(chapterDone.body).toMatchObject({
      chapterFinished: true,
      tutorialFinished: false,
      coinsEarned: 1 + 5,
      unlockedTutorialId: null,
    });
    const tutorialDone = await complete(token, 2010201);
    expect(tutorialDone.body).toMatchObject({
      chapterFinished: true,
      tutorialFinished: true,
      unlockedTutorialId: 202,
      coinsEarned: 1 + 5 + 20,
    });
    const track = await call("GET", "/v1/tracks/2/progress", { token });
    expect(track.body).toEqual({
      trackId: 2,
      completedLessonIds: [2010101, 2010102, 2010201],
      tutorials: [
        { id: 201, state: "done", completedLessons: 3, totalLessons: 3 },
        { id: 202, state: "current", completedLessons: 0, totalLessons: 2 },
        { id: 203, state: "current", completedLessons: 0, totalLessons: 1 },
      ],
    });
  });
});

describe("syncing offline progress", () => {
  it("refuses bad input and more than 200 events", async () => {
    const { token } = await signUp();
    const tooMany = Array.from({ length: 201 }, () => ({
      ...completion(2010101),
      lessonId: 2010101,
    }));
    for (const body of [{}, { events: "x" }, { events: [{}] }, { events: tooMany }]) {
      expect((await call("POST", "/v1/progress/sync", { token, body })).status).toBe(400);
    }
    // An event that names itself but is not a completion is answered as rejected, alone.
    const noLesson = completion(2010101);
    const answer = await call("POST", "/v1/progress/sync", { token, body: { events: [noLesson] } });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      {
        clientEventId: noLesson.clientEventId,
        counted: false,
        xpEarned: 0,
        countsForStreak: false,
        rejected: expect.stringMatching(/^lessonId: /),
      },
    ]);
  });

  it("counts recent days for the streak, older ones for XP only, and a replay once", async () => {
    const { token } = await signUp();
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const old = { ...completion(2020101, { completedAt: hoursAgo(72) }), lessonId: 2020101 };
    const recent = { ...completion(2020102, { completedAt: hoursAgo(1) }), lessonId: 2020102 };
    const unknown = { ...completion(9999999), lessonId: 9999999 };
    const answer = await call("POST", "/v1/progress/sync", {
      token,
      body: { events: [recent, old, unknown] },
    });
    expect(answer.status).toBe(200);
    const results = answer.body.results as Array<Record<string, unknown>>;
    expect(results).toEqual([
      { clientEventId: old.clientEventId, counted: true, xpEarned: 5, countsForStreak: false },
      { clientEventId: recent.clientEventId, counted: true, xpEarned: 5, countsForStreak: true },
      {
        clientEventId: unknown.clientEventId,
        counted: false,
        xpEarned: 0,
        countsForStreak: true,
        rejected: expect.stringContaining("does not exist"),
      },
    ]);
    const replay = await call("POST", "/v1/progress/sync", {
      token,
      body: { events: [recent, old] },
    });
    expect((replay.body.results as Array<{ counted: boolean }>).map((r) => r.counted)).toEqual([
      false,
      false,
    ]);
    expect(replay.body.progress).toMatchObject({ coins: { balance: 2 + 5 + 20 } });
  });

  it("takes a guest's lessons once: new ones count, ones the account had earn nothing", async () => {
    const { token } = await signUp();
    // The account finished the first lesson on another device; the guest did it again here.
    await complete(token, 2010101);
    const guest = [
      { ...completion(2010101), lessonId: 2010101 },
      { ...completion(2010102, { files: PASSING }), lessonId: 2010102 },
    ];
    const first = await call("POST", "/v1/progress/sync", { token, body: { events: guest } });
    expect(first.status).toBe(200);
    const counted = (body: Record<string, unknown>) =>
      (body.results as Array<{ counted: boolean; xpEarned: number }>).map((r) => [
        r.counted,
        r.xpEarned,
      ]);
    expect(counted(first.body)).toEqual([
      [false, 0],
      [true, 10],
    ]);
    expect(first.body.progress).toMatchObject({ today: { xp: 15 } });
    // The same events again (a second sign-in, another tab): nothing more.
    const again = await call("POST", "/v1/progress/sync", { token, body: { events: guest } });
    expect(counted(again.body)).toEqual([
      [false, 0],
      [false, 0],
    ]);
    expect(again.body.progress).toMatchObject({ today: { xp: 15 } });
    const track = await call("GET", "/v1/tracks/2/progress", { token });
    expect(track.body.completedLessonIds).toEqual([2010101, 2010102]);
  });
});

describe("the streak calendar", () => {
  it("refuses bad ranges", async () => {
    const { token } = await signUp();
    for (const query of [
      "",
      "?from=2024-01-01",
      "?from=2023-02-29&to=2023-03-01",
      "?from=2024-03-01&to=2024-02-01",
      "?from=2024-01-01&to=2025-01-02",
    ]) {
      const answer = await call("GET", `/v1/streak/calendar${query}`, { token });
      expect(answer.status, query).toBe(400);
    }
  });

  it("lists every day of the range with its XP", async () => {
    const { token } = await signUp();
    await complete(token, 2010102, { files: PASSING, timeZone: "UTC" });
    const today = new Date().toISOString().slice(0, 10);
    const answer = await call("GET", `/v1/streak/calendar?from=${today}&to=${today}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.days).toEqual([{ date: today, xp: 10, goalMet: true, frozen: false }]);
    const leap = await call("GET", "/v1/streak/calendar?from=2024-02-28&to=2024-03-01", { token });
    expect((leap.body.days as Array<{ date: string }>).map((d) => d.date)).toEqual([
      "2024-02-28",
      "2024-02-29",
      "2024-03-01",
    ]);
  });
});

describe("streak freezes", () => {
  it("answers 409 insufficient_coins without enough coins", async () => {
    const { token } = await signUp();
    const answer = await call("POST", "/v1/streak/freezes", { token });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe("insufficient_coins");
  });

  it("never spends below zero under parallel purchases", async () => {
    const { token, userId } = await signUp();
    await giveCoins(userId, 75);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call("POST", "/v1/streak/freezes", { token })),
    );
    const bought = answers.filter((a) => a.status === 200);
    expect(bought).toHaveLength(1);
    expect(bought[0]?.body).toEqual({ freezes: 1, coins: { balance: 25 } });
    expect(answers.filter((a) => a.body.code === "insufficient_coins")).toHaveLength(7);
    const progress = await call("GET", "/v1/progress", { token });
    expect(progress.body.coins).toEqual({ balance: 25 });
  });

  it("holds at most two", async () => {
    const { token, userId } = await signUp();
    await giveCoins(userId, 500);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call("POST", "/v1/streak/freezes", { token })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === "freeze_limit_reached")).toHaveLength(2);
    const progress = await call("GET", "/v1/progress", { token });
    expect(progress.body).toMatchObject({ streak: { freezes: 2 }, coins: { balance: 400 } });
  });

  it("covers a missed day, shown on the calendar, and keeps the streak", async () => {
    const { userId } = await signUp();
    const db = database.db;
    const monday = new Date("2024-05-06T10:00:00Z");
    const body = completion(2010102, { files: PASSING, timeZone: "UTC" });
    await completeLesson({
      db,
      catalog,
      userId,
      lessonId: 2010102,
      body,
      now: monday,
      live: true,
      checks,
    });
    await giveCoins(userId, 50);
    await buyStreakFreeze({ db, userId, now: monday });
    const wednesday = new Date("2024-05-08T10:00:00Z");
    const progress = presentProgress(await readProgress({ db, userId, now: wednesday }));
    expect(progress.streak).toMatchObject({ current: 1, freezes: 0, todayCounted: false });
    const calendar = await readStreakCalendar({
      db,
      userId,
      from: "2024-05-06",
      to: "2024-05-08",
      now: wednesday,
    });
    expect(calendar.days.map((d) => [d.date, d.goalMet, d.frozen])).toEqual([
      ["2024-05-06", true, false],
      ["2024-05-07", false, true],
      ["2024-05-08", false, false],
    ]);
    const thursday = new Date("2024-05-09T10:00:00Z");
    const next = completion(2010101, { timeZone: "UTC" });
    await completeLesson({
      db,
      catalog,
      userId,
      lessonId: 2010101,
      body: next,
      now: thursday,
      live: true,
      checks,
    });
    const after = presentProgress(
      await readProgress({ db, userId, now: new Date("2024-05-10T10:00:00Z") }),
    );
    expect(after.streak).toMatchObject({ current: 0, longest: 1 });
  });
});

describe("sections and the active track", () => {
  it("answers 400 and 404 for bad tracks and sections", async () => {
    const { token } = await signUp();
    expect((await call("GET", "/v1/tracks/abc/progress", { token })).status).toBe(400);
    expect((await call("GET", "/v1/tracks/9/progress", { token })).status).toBe(404);
    expect((await call("GET", "/v1/tracks/9/sections/active", { token })).status).toBe(404);
    const put = (body: unknown, track = 2) =>
      call("PUT", `/v1/tracks/${track}/sections/active`, { token, body });
    expect((await put({ sectionIndex: -1 })).status).toBe(400);
    expect((await put({ sectionIndex: "1" })).status).toBe(400);
    expect((await put({ sectionIndex: 5 })).status).toBe(404);
    expect((await put({ sectionIndex: 0 }, 9)).status).toBe(404);
  });

  it("starts at the first lesson, resumes where the learner left off and follows a chosen section", async () => {
    const { token } = await signUp();
    const start = await call("GET", "/v1/tracks/2/sections/active", { token });
    expect(start.body).toEqual({
      trackId: 2,
      sectionIndex: 0,
      tutorialId: 201,
      chapterId: 20101,
      lessonIndex: 0,
    });
    await complete(token, 2010101);
    const resumed = await call("GET", "/v1/tracks/2/sections/active", { token });
    expect(resumed.body).toMatchObject({ tutorialId: 201, chapterId: 20101, lessonIndex: 1 });
    const chosen = await call("PUT", "/v1/tracks/2/sections/active", {
      token,
      body: { sectionIndex: 1 },
    });
    expect(chosen.body).toEqual({
      trackId: 2,
      sectionIndex: 1,
      tutorialId: 203,
      chapterId: 20301,
      lessonIndex: 0,
    });
    const again = await call("GET", "/v1/tracks/2/sections/active", { token });
    expect(again.body).toEqual(chosen.body);
  });

  it("remembers the active track", async () => {
    const { token } = await signUp();
    expect((await call("GET", "/v1/me/active-track", { token })).body).toEqual({ trackId: null });
    for (const body of [{}, { trackId: "2" }, { trackId: 0 }]) {
      expect((await call("PUT", "/v1/me/active-track", { token, body })).status).toBe(400);
    }
    expect((await call("PUT", "/v1/me/active-track", { token, body: { trackId: 9 } })).status).toBe(
      404,
    );
    const set = await call("PUT", "/v1/me/active-track", { token, body: { trackId: 2 } });
    expect(set.body).toEqual({ trackId: 2 });
    expect((await call("GET", "/v1/me/active-track", { token })).body).toEqual({ trackId: 2 });
  });
});
