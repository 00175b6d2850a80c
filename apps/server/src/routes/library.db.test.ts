/**
 * The library API (issue 17): the browse view and the search over the whole curriculum, with
 * filters, locked marks from the paywall, the signed-in learner's progress, and hostile queries
 * that never make it fail.
 */
import type { LibraryAnswer, LibrarySearchAnswer } from "@lumen/contracts";
import type { Database } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { lazySandboxedRunners, type SandboxSupport } from "@lumen/runners/sandbox";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { CatalogStore } from "../catalog/catalog-store.ts";
import { type CheckService, createCheckService } from "../checks/check-service.ts";
import { PreviewRunners } from "../commands/preview-runners.ts";
import { parseEnv } from "../env.ts";
import { LIBRARY_CATALOG } from "../library/library-fixtures.ts";
import { testClient } from "../testing/api-client.ts";
import { insertSubscription } from "../testing/billing-fixtures.ts";

const probe = async (): Promise<SandboxSupport> => ({ available: false, missing: "library test" });
const logger = pino({ level: "silent" });
const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", TRUST_PROXY: "true" });
const NOW = new Date("2026-03-10T12:00:00Z");

let database: Database;
let checks: CheckService;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);

beforeAll(async () => {
  database = await createTestDatabase();
  const catalog = new CatalogStore(database.db, { version: 1, catalog: LIBRARY_CATALOG });
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

const search = async (query: string, token?: string) => {
  const answer = await api.get(`/v1/library/search?${query}`, { token });
  return { status: answer.status, body: answer.body as LibrarySearchAnswer, text: answer.text };
};
const browse = async (query = "", token?: string) => {
  const answer = await api.get(`/v1/library${query}`, { token });
  expect(answer.status).toBe(200);
  return answer.body as LibraryAnswer;
};

describe("GET /v1/library/search", () => {
  it("finds a word only a lesson's text has, with a snippet and the link to open it", async () => {
    const { status, body } = await search("q=zephyrine");
    expect(status).toBe(200);
    expect(body.total).toBe(1);
    expect(body.hits[0]).toMatchObject({
      kind: "lesson",
      title: "Click handlers",
      href: "/web/track/2/tutorial/203/chapter/20301/learn?lesson=0",
      language: "javascript",
      level: "advanced",
      locked: true,
    });
    expect(body.hits[0]?.snippet).toContain("zephyrine");
  });

  it("marks a locked hit open for a Starter subscriber, and free lessons open for everyone", async () => {
    const account = await api.signUp();
    await insertSubscription(database.db, account.userId, NOW, { tier: "tier-0" });
    expect((await search("q=zephyrine", account.token)).body.hits[0]?.locked).toBe(false);
    const free = await search("q=declaring");
    expect(free.body.hits[0]).toMatchObject({ title: "Declaring variables", locked: false });
  });

  it("filters by language and level", async () => {
    const python = (await search("q=loop&language=python")).body.hits;
    expect(python.length).toBeGreaterThan(0);
    expect(python.every((h) => h.language === "python")).toBe(true);
    const js = (await search("q=loop&language=javascript")).body.hits.map((h) => h.title);
    expect(js).toContain("Counting loops");
    expect(js).not.toContain("Loops in Python");
    expect((await search("q=zephyrine&level=beginner")).body.hits).toEqual([]);
  });

  it("never shows hidden files, solutions or hints", async () => {
    for (const secret of ["hiddensecret", "solutionsecret", "hintsecret", "check.js"]) {
      const { status, body, text } = await search(`q=${secret}`);
      expect(status).toBe(200);
      expect(body.hits).toEqual([]);
      expect(text.includes("secret()")).toBe(false);
    }
  });

  it("answers hostile queries, never a 500", async () => {
    const hostile = [
      "",
      "q=",
      `q=${encodeURIComponent("x".repeat(50_000))}`,
      `q=${encodeURIComponent(".*+?^$|{}()[]\\/")}`,
      `q=${encodeURIComponent("ünïcödé 💥 漢字 cafe")}`,
      "q=%00%ff%fe",
      "q=%E0%A4%A",
      "q=a&q=b",
      `q=${encodeURIComponent("loop ".repeat(5_000))}`,
    ];
    for (const query of hostile) {
      const { status, body } = await search(query);
      expect(status, query.slice(0, 40)).toBe(200);
      expect(body.hits.length).toBeLessThanOrEqual(30);
      expect(body.q.length).toBeLessThanOrEqual(200);
    }
    expect((await search("q=caf%C3%A9")).body.hits[0]?.title).toBe("Click handlers");
    for (const bad of ["q=x&language=cobol", "q=x&level=expert", "q=x&language=__proto__"])
      expect((await search(bad)).status).toBe(400);
  });
});

describe("GET /v1/library", () => {
  it("lists every track, tutorial and chapter with levels and locked marks, no progress for a guest", async () => {
    const body = await browse();
    expect(body.signedIn).toBe(false);
    expect(body.tracks.map((t) => t.title)).toEqual(["JavaScript", "Python"]);
    const js = body.tracks[0];
    expect(js?.progress).toBeUndefined();
    expect(
      js?.tutorials.map((t) => [t.title, t.level, t.locked, t.chapters.length, t.progress]),
    ).toEqual([
      ["Variables", "beginner", false, 1, undefined],
      ["Functions", "intermediate", false, 1, undefined],
      ["Events", "advanced", true, 1, undefined],
    ]);
    expect(js?.tutorials[0]?.chapters[0]).toMatchObject({
      title: "Let and const",
      lessons: 2,
      href: "/web/track/2/tutorial/201/chapter/20101/learn",
    });
  });

  it("filters by language and level", async () => {
    expect((await browse("?language=python")).tracks.map((t) => t.title)).toEqual(["Python"]);
    const advanced = await browse("?level=advanced");
    expect(advanced.tracks.map((t) => t.tutorials.map((tu) => tu.title))).toEqual([["Events"]]);
    expect((await api.get("/v1/library?language=klingon")).status).toBe(400);
  });

  it("shows a signed-in learner's progress on each track and tutorial", async () => {
    const { token } = await api.signUp();
    const done = await api.post("/v1/progress/lessons/2010101/complete", {
      token,
      body: {
        trackId: 2,
        tutorialId: 201,
        chapterId: 20101,
        trackVersion: 1,
        timeZone: "UTC",
        clientEventId: crypto.randomUUID(),
      },
    });
    expect(done.status).toBe(200);
    const body = await browse("", token);
    expect(body.signedIn).toBe(true);
    const js = body.tracks[0];
    expect(js?.progress).toEqual({ completedLessons: 1, totalLessons: 4 });
    expect(js?.tutorials[0]?.progress).toEqual({ completedLessons: 1, totalLessons: 2 });
    expect(js?.tutorials[1]?.progress).toEqual({ completedLessons: 0, totalLessons: 1 });
    expect(body.tracks[1]?.progress).toEqual({ completedLessons: 0, totalLessons: 1 });
  });
});
