/**
 * The paywall on the server (issue 15): the first section of a track is free; every other lesson
 * needs a plan with every lesson (Starter or above), or the course engineer or admin role. A
 * locked chapter answers 402 and is never cached for others, the first paint leaves it out, its
 * completion is refused, and a learner whose plan lapsed keeps what they finished and saved.
 */
import type { Chapter, Lesson, Track } from "@lumen/contracts";
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { lazySandboxedRunners, type SandboxSupport } from "@lumen/runners/sandbox";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { CatalogStore } from "../catalog/catalog-store.ts";
import { type CheckService, createCheckService } from "../checks/check-service.ts";
import { grantRole } from "../commands/grant-role.ts";
import { PreviewRunners } from "../commands/preview-runners.ts";
import { parseEnv } from "../env.ts";
import { lessonPage } from "../http/web-page.ts";
import { type TestAccount, testClient } from "../testing/api-client.ts";
import { insertPlanGrant, insertSubscription } from "../testing/billing-fixtures.ts";

const probe = async (): Promise<SandboxSupport> => ({ available: false, missing: "paywall test" });
const logger = pino({ level: "silent" });
const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", TRUST_PROXY: "true" });
const NOW = new Date("2026-03-10T12:00:00Z");

const lesson = (id: number, index: number, overrides: Partial<Lesson> = {}): Lesson => ({
  id,
  index,
  slug: `lesson-${id}`,
  title: `Lesson ${id}`,
  type: "explanation",
  codeLanguage: "javascript",
  kind: "javascript",
  explanationHtml: `<p>The secret of lesson ${id}.</p>`,
  executableContent: { files: [] },
  hints: [],
  ...overrides,
});
const codeLesson = (id: number, index: number) =>
  lesson(id, index, {
    type: "code",
    executableContent: {
      files: [{ name: "index.js", content: "", readonly: false, hidden: false }],
    },
  });
const chapter = (id: number, lessons: Lesson[]): Chapter => ({
  id,
  slug: `c-${id}`,
  title: `Chapter ${id}`,
  lessons,
});

const TRACK: Track = {
  id: 2,
  slug: "javascript",
  title: "JavaScript",
  description: "",
  language: "javascript",
  version: 1,
  sections: [
    { index: 0, title: "Basics", tutorialIds: [201] },
    { index: 1, title: "More", tutorialIds: [203] },
  ],
  tutorials: [
    {
      id: 201,
      slug: "t1",
      title: "Free tutorial",
      description: "",
      project: false,
      chapters: [chapter(20101, [lesson(2010101, 0)])],
    },
    {
      id: 203,
      slug: "t3",
      title: "Locked tutorial",
      description: "",
      project: false,
      chapters: [chapter(20301, [lesson(2030101, 0), codeLesson(2030102, 1)])],
    },
  ],
};

const FREE_CHAPTER = "/v1/tracks/2/tutorials/201/chapters/20101";
const LOCKED_CHAPTER = "/v1/tracks/2/tutorials/203/chapters/20301";
const LOCKED_MESSAGE = "This lesson is part of the Starter plan.";

let database: Database;
let catalog: CatalogStore;
let checks: CheckService;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);

beforeAll(async () => {
  database = await createTestDatabase();
  catalog = new CatalogStore(database.db, {
    version: 1,
    catalog: { tracks: [TRACK], glossary: {} },
  });
  checks = createCheckService({ env, logger, probe });
  await checks.start();
  app = createApp({
    database,
    env,
    logger,
    catalog,
    checks,
    clock: () => NOW,
    preview: new PreviewRunners(() => lazySandboxedRunners({ probe })),
  });
});
afterAll(async () => {
  await checks.dispose();
  await database.close();
});

const completion = (tutorialId: number, chapterId: number) => ({
  trackId: 2,
  tutorialId,
  chapterId,
  trackVersion: 1,
  timeZone: "UTC",
  clientEventId: crypto.randomUUID(),
});
const completeLocked = (token: string) =>
  api.post("/v1/progress/lessons/2030101/complete", {
    token,
    body: completion(203, 20301),
  });

async function starterSubscriber(): Promise<TestAccount & { subscriptionId: string }> {
  const account = await api.signUp();
  const sub = await insertSubscription(database.db, account.userId, NOW, { tier: "tier-0" });
  return { ...account, subscriptionId: sub.id };
}

describe("the track outline says which sections are free", () => {
  it("marks the first section free and the others not, the same for everyone", async () => {
    const answer = await api.get("/v1/tracks/2");
    expect(answer.status).toBe(200);
    const sections = (answer.body as { sections: Array<{ title: string; free: boolean }> })
      .sections;
    expect(sections.map((s) => [s.title, s.free])).toEqual([
      ["Basics", true],
      ["More", false],
    ]);
    expect(answer.res.headers.get("cache-control")).toContain("public");
  });
});

describe("GET a chapter", () => {
  it("a free chapter is open to guests and cached as before", async () => {
    const answer = await api.get(FREE_CHAPTER);
    expect(answer.status).toBe(200);
    expect(answer.res.headers.get("cache-control")).toBe("public, max-age=60, must-revalidate");
  });

  it("a locked chapter answers 402 to a guest and to a free learner, saying what unlocks it", async () => {
    const { token } = await api.signUp();
    for (const answer of [
      await api.get(LOCKED_CHAPTER),
      await api.get(LOCKED_CHAPTER, { token }),
    ]) {
      expect(answer.status).toBe(402);
      expect(answer.body).toEqual({ code: "plan_required", message: LOCKED_MESSAGE });
      expect(answer.text).not.toContain("secret");
      expect(answer.res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("opens for a Starter subscriber, for them alone: never in a shared cache, never a 304", async () => {
    const { token } = await starterSubscriber();
    const answer = await api.get(LOCKED_CHAPTER, { token });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("The secret of lesson 2030101.");
    expect(answer.res.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.res.headers.get("vary")).toContain("Authorization");
    expect(answer.res.headers.get("etag")).toBeNull();
    const pinned = await api.get(`${LOCKED_CHAPTER}?trackVersion=1`, {
      token,
      headers: { "If-None-Match": 'W/"chapter-20301-v1"' },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.res.headers.get("cache-control")).toBe("private, no-store");
    // A guest with the validator a subscriber's answer would have had learns nothing either.
    const guess = await api.get(LOCKED_CHAPTER, {
      headers: { "If-None-Match": 'W/"chapter-20301-v1"' },
    });
    expect(guess.status).toBe(402);
  });

  it("opens for an admin's plan grant, a course engineer and an admin", async () => {
    const staff = await api.signUp();
    await insertPlanGrant(database.db, staff.userId, {
      startsAt: new Date("2026-01-01T00:00:00Z"),
    });
    const engineer = await api.signUp();
    await grantRole({ db: database.db, email: engineer.email, role: "course_engineer" });
    const admin = await api.signUp();
    await grantRole({ db: database.db, email: admin.email, role: "admin" });
    for (const token of [staff.token, engineer.token, admin.token]) {
      expect((await api.get(LOCKED_CHAPTER, { token })).status).toBe(200);
    }
  });

  it("a credit plan opens every lesson too; a plan past its grace does not", async () => {
    const credits = await api.signUp();
    await insertSubscription(database.db, credits.userId, NOW, { tier: "tier-3" });
    expect((await api.get(LOCKED_CHAPTER, { token: credits.token })).status).toBe(200);
    const lapsed = await api.signUp();
    await insertSubscription(database.db, lapsed.userId, NOW, {
      status: "past_due",
      currentPeriodStart: new Date("2026-03-01T00:00:00Z"),
      currentPeriodEnd: new Date("2026-04-01T00:00:00Z"),
    });
    expect((await api.get(LOCKED_CHAPTER, { token: lapsed.token })).status).toBe(402);
  });
});

describe("completing a locked lesson", () => {
  it("is refused with 402 for a free learner, and nothing is stored", async () => {
    const { token, userId } = await api.signUp();
    const answer = await completeLocked(token);
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ code: "plan_required", message: LOCKED_MESSAGE });
    const stored = await database.db
      .select()
      .from(schema.lessonCompletions)
      .where(eq(schema.lessonCompletions.userId, userId));
    expect(stored).toEqual([]);
  });

  it("a sync answers a locked lesson's event as rejected and counts the rest", async () => {
    const { token } = await api.signUp();
    const locked = { ...completion(203, 20301), lessonId: 2030101 };
    const free = { ...completion(201, 20101), lessonId: 2010101 };
    const answer = await api.post("/v1/progress/sync", { token, body: { events: [locked, free] } });
    expect(answer.status).toBe(200);
    const results = (answer.body as { results: Array<Record<string, unknown>> }).results;
    expect(results.find((r) => r.clientEventId === locked.clientEventId)).toMatchObject({
      counted: false,
      rejected: LOCKED_MESSAGE,
    });
    expect(results.find((r) => r.clientEventId === free.clientEventId)).toMatchObject({
      counted: true,
    });
  });
});

describe("a learner whose plan lapses", () => {
  it("keeps the lessons they finished and the code they saved, and is asked for a plan again", async () => {
    const learner = await starterSubscriber();
    const { token } = learner;
    const done = await completeLocked(token);
    expect(done.status).toBe(200);
    expect(done.body.xpEarned).toBeGreaterThan(0);
    const saved = await api.post(
      `${LOCKED_CHAPTER}/lessons/2030102/savefiles?publishSetVersion=1`,
      { token, body: { files: [{ name: "index.js", userContent: "console.log('mine');" }] } },
    );
    expect(saved.status).toBe(204);
    const before = await api.get("/v1/progress", { token });

    await database.db
      .update(schema.subscriptions)
      .set({ status: "canceled", canceledAt: NOW })
      .where(eq(schema.subscriptions.id, learner.subscriptionId));

    expect((await api.get(LOCKED_CHAPTER, { token })).status).toBe(402);
    expect((await completeLocked(token)).status).toBe(402);
    const after = await api.get("/v1/progress", { token });
    expect(after.body).toEqual(before.body);
    const track = await api.get("/v1/tracks/2/progress", { token });
    expect(JSON.stringify(track.body)).toContain("203");
    const completions = await database.db
      .select()
      .from(schema.lessonCompletions)
      .where(eq(schema.lessonCompletions.userId, learner.userId));
    expect(completions.map((c) => c.lessonId)).toEqual([2030101]);
    const files = await api.get(`${LOCKED_CHAPTER}/savedFiles?trackVersion=1`, { token });
    expect(files.status).toBe(200);
    expect(JSON.stringify(files.body)).toContain("console.log('mine');");
  });
});

describe("the first paint of a lesson page", () => {
  const page = (path: string) =>
    lessonPage(catalog, new URL(`http://localhost${path}?lesson=0`), "Lumen");

  it("draws a free lesson and carries its chapter", async () => {
    const free = await page("/web/track/2/tutorial/201/chapter/20101/learn");
    expect(free?.firstPaint).toContain("The secret of lesson 2010101.");
    expect(Object.keys(free?.prefetch ?? {})).toEqual([FREE_CHAPTER, "/v1/tracks/2"]);
  });

  it("never draws nor carries a locked lesson: the outline only", async () => {
    const locked = await page("/web/track/2/tutorial/203/chapter/20301/learn");
    expect(locked?.firstPaint).toBeUndefined();
    expect(Object.keys(locked?.prefetch ?? {})).toEqual(["/v1/tracks/2"]);
    expect(JSON.stringify(locked)).not.toContain("secret");
  });
});
