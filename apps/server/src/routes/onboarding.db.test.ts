/**
 * The onboarding chat's API (issue 16) in-process against a real database: a new account is
 * "new" until the chat starts (then /onboarding-check sends it onward), an account with lessons is
 * "returning"; each answer of spec section 4's occupation question stores the spec's value; the
 * recommendation follows the interests, motives and occupation, and a changed answer makes it
 * stale; skipping and starting over; bad bodies are 400s; reading free text needs a model; the
 * answers are in the data export and go with the account.
 */
import type { Track } from "@lumen/contracts";
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { CatalogStore } from "../catalog/catalog-store.ts";
import { parseEnv } from "../env.ts";
import type { AccountExport } from "../presenters/account-export.ts";
import { testClient } from "../testing/api-client.ts";
import { HELLO_LESSON, HELLO_TRACK } from "../testing/fixtures.ts";

/** A second track, in HTML, so that interests choose between two. */
const WEB_TRACK: Track = {
  ...HELLO_TRACK,
  id: 3,
  slug: "web",
  title: "Web development (HTML and CSS)",
  language: "html",
  sections: [{ index: 0, title: "Basics", tutorialIds: [301] }],
  tutorials: [
    {
      id: 301,
      slug: "html",
      title: "HTML",
      description: "",
      project: false,
      chapters: [
        {
          id: 30101,
          slug: "c",
          title: "C",
          lessons: [{ ...HELLO_LESSON, id: 3010101, title: "Your first page" }],
        },
      ],
    },
  ],
};

let database: Database;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
const env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  const catalog = new CatalogStore(database.db, {
    version: 1,
    catalog: { tracks: [HELLO_TRACK, WEB_TRACK], glossary: {} },
  });
  app = createApp({ database, env, logger: pino({ level: "silent" }), catalog });
});
afterAll(async () => {
  await database.close();
});

const read = (token: string) => api.get("/v1/me/onboarding", { token });
const start = (token: string, body?: unknown) =>
  api.post("/v1/me/onboarding/start", { token, body });
const answer = (token: string, body: unknown) =>
  api.post("/v1/me/onboarding/answers", { token, body });
const stored = async (userId: string) =>
  (
    await database.db
      .select()
      .from(schema.learnerOnboarding)
      .where(eq(schema.learnerOnboarding.userId, userId))
  )[0];

describe("GET /v1/me/onboarding and the start", () => {
  it("answers new for a new account, started once the chat began: it is shown once", async () => {
    const { token, userId } = await api.signUp();
    const fresh = await read(token);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({
      status: "new",
      step: null,
      occupation: null,
      interests: [],
      motives: [],
      recommendation: null,
      completedAt: null,
      freeText: false,
    });
    expect(await stored(userId)).toBeUndefined();

    const started = await start(token);
    expect(started.body).toMatchObject({ status: "started", step: "occupation" });
    expect((await read(token)).body).toMatchObject({ status: "started", step: "occupation" });
  });

  it("answers returning for an account that finished a lesson before the chat existed", async () => {
    const { token, userId } = await api.signUp();
    await database.db.insert(schema.lessonCompletions).values({
      userId,
      lessonId: HELLO_LESSON.id,
      trackId: 2,
      tutorialId: 201,
      chapterId: 20101,
      trackVersion: 1,
      clientEventId: crypto.randomUUID(),
      completedAt: new Date(),
      localDate: "2026-11-26",
      timeZone: "UTC",
      xp: 10,
      countsForStreak: true,
      verified: false,
    });
    expect((await read(token)).body).toMatchObject({ status: "returning", step: null });
  });

  it("keeps the answers when started again", async () => {
    const { token } = await api.signUp();
    await answer(token, { step: "occupation", choice: "Employed" });
    const again = await start(token, {});
    expect(again.body).toMatchObject({
      status: "started",
      step: "interests",
      occupation: "employed",
    });
  });

  it("needs a signed-in user", async () => {
    expect((await api.get("/v1/me/onboarding")).status).toBe(401);
    expect((await api.post("/v1/me/onboarding/start")).status).toBe(401);
  });
});

describe("the occupation (spec section 4: Onboarding occupation)", () => {
  it.each([
    // "High school student maps to high_school."
    ["High school student", "high_school"],
    // "University student maps to university."
    ["University student", "university"],
    // "Employed maps to employed."
    ["Employed", "employed"],
    // "None of these maps to other."
    ["None of these", "other"],
  ])("stores %s as %s and asks about interests next", async (choice, value) => {
    const { token, userId } = await api.signUp();
    const saved = await answer(token, { step: "occupation", choice });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ occupation: value, step: "interests" });
    expect((await stored(userId))?.occupation).toBe(value);
  });

  it.each([
    // "Self-employed types: Freelancer or professional maps to freelancer; Startup founder maps
    // to startup_founder; Small business owner maps to small_business_owner; None maps to other."
    ["Freelancer or professional", "freelancer"],
    ["Startup founder", "startup_founder"],
    ["Small business owner", "small_business_owner"],
    ["None", "other"],
  ])("Self-employed asks the type: %s is stored as %s", async (choice, value) => {
    const { token, userId } = await api.signUp();
    const first = await answer(token, { step: "occupation", choice: "Self-employed" });
    expect(first.body).toMatchObject({ occupation: null, step: "self_employed" });
    const second = await answer(token, { step: "self_employed", choice });
    expect(second.body).toMatchObject({ occupation: value, step: "interests" });
    expect((await stored(userId))?.occupation).toBe(value);
  });

  it("takes the value itself when the model read it from free text", async () => {
    const { token, userId } = await api.signUp();
    const saved = await answer(token, { step: "occupation", occupation: "small_business_owner" });
    expect(saved.body).toMatchObject({ occupation: "small_business_owner", step: "interests" });
    expect((await stored(userId))?.occupation).toBe("small_business_owner");
  });

  it.each([
    [{ step: "occupation", choice: "Self employed" }],
    [{ step: "occupation", choice: "employed" }],
    [{ step: "occupation", occupation: "retired" }],
    [{ step: "self_employed", choice: "None of these" }],
    [{ step: "occupation", choice: "Employed", extra: 1 }],
    [{ step: "interests", interests: [] }],
    [{ step: "interests", interests: ["websites", "websites"] }],
    [{ step: "motives", motives: ["fame"] }],
    [{ step: "recommendation" }],
    [null],
  ])("refuses %j with a 400 and stores nothing", async (body) => {
    const { token, userId } = await api.signUp();
    const refused = await answer(token, body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("validation_failed");
    expect(await stored(userId)).toBeUndefined();
  });
});

describe("the recommendation", () => {
  async function answered(interests: string[], motives: string[], choice = "University student") {
    const learner = await api.signUp();
    await answer(learner.token, { step: "occupation", choice });
    await answer(learner.token, { step: "interests", interests });
    const last = await answer(learner.token, { step: "motives", motives });
    expect(last.body).toMatchObject({ step: "recommendation", recommendation: null });
    return learner;
  }

  it("recommends the track for the interests, a goal for the motives, and its first lesson", async () => {
    const { token, userId } = await answered(["websites"], ["career"]);
    const done = await api.post("/v1/me/onboarding/complete", { token });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: "completed",
      step: "recommendation",
      interests: ["websites"],
      motives: ["career"],
      completedAt: expect.stringMatching(/^\d{4}-/),
      recommendation: {
        track: { id: 3, title: "Web development (HTML and CSS)", language: "html" },
        because: "websites",
        dailyGoalXp: 30,
        firstLesson: {
          trackId: 3,
          tutorialId: 301,
          chapterId: 30101,
          lessonId: 3010101,
          lessonIndex: 0,
          title: "Your first page",
        },
      },
    });
    expect(await stored(userId)).toMatchObject({
      recommendedTrackId: 3,
      recommendedDailyGoal: 30,
    });
    expect((await read(token)).body).toEqual(done.body);
  });

  it("keeps a working learner's goal to 20 XP", async () => {
    const { token } = await answered(["games"], ["career"], "Employed");
    const done = await api.post("/v1/me/onboarding/complete", { token });
    expect(done.body.recommendation).toMatchObject({ track: { id: 2 }, dailyGoalXp: 20 });
  });

  it("is refused before the questions are answered", async () => {
    const { token } = await api.signUp();
    await answer(token, { step: "occupation", choice: "Employed" });
    const early = await api.post("/v1/me/onboarding/complete", { token });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("conflict");
  });

  it("no longer holds once an answer changes (the chat's back button)", async () => {
    const { token } = await answered(["websites"], ["curiosity"]);
    await api.post("/v1/me/onboarding/complete", { token });
    const changed = await answer(token, { step: "interests", interests: ["games"] });
    expect(changed.body).toMatchObject({
      status: "started",
      step: "motives",
      recommendation: null,
      completedAt: null,
      motives: ["curiosity"],
    });
  });
});

describe("skipping and starting over", () => {
  it("skips: sent onward from now on, answers kept; starting over clears them", async () => {
    const { token, userId } = await api.signUp();
    await answer(token, { step: "occupation", choice: "Employed" });
    const skipped = await api.post("/v1/me/onboarding/skip", { token });
    expect(skipped.body).toMatchObject({ status: "skipped", step: null, occupation: "employed" });
    const over = await start(token, { restart: true });
    expect(over.body).toMatchObject({
      status: "started",
      step: "occupation",
      occupation: null,
      interests: [],
      motives: [],
    });
    expect((await stored(userId))?.step).toBe("occupation");
    expect((await start(token, { restart: "yes" })).status).toBe(400);
  });
});

describe("POST /v1/me/onboarding/interpret", () => {
  it("says no model is set up, and the chat keeps its choices", async () => {
    const { token } = await api.signUp();
    const answerNoModel = await api.post("/v1/me/onboarding/interpret", {
      token,
      body: { step: "occupation", text: "I run a small bakery" },
    });
    expect(answerNoModel.status).toBe(503);
    expect(answerNoModel.body.code).toBe("ai_not_configured");
  });

  it.each([
    [{ step: "occupation", text: "" }],
    [{ step: "occupation", text: "   " }],
    [{ step: "occupation", text: "x".repeat(501) }],
    [{ step: "self_employed", text: "bakery" }],
    [{ step: "occupation" }],
  ])("refuses %j with a 400", async (body) => {
    const { token } = await api.signUp();
    expect((await api.post("/v1/me/onboarding/interpret", { token, body })).status).toBe(400);
  });
});

describe("the learner's data", () => {
  it("is in the export, and goes with the account", async () => {
    const { token, userId, email } = await api.signUp();
    await answer(token, { step: "occupation", choice: "Self-employed" });
    await answer(token, { step: "self_employed", choice: "Startup founder" });
    await answer(token, { step: "interests", interests: ["apps", "websites"] });
    const data = (await api.get("/v1/me/export", { token })).body as unknown as AccountExport;
    expect(data.onboarding).toMatchObject({
      step: "motives",
      occupation: "startup_founder",
      interests: ["apps", "websites"],
      motives: [],
      completedAt: null,
    });

    const deleted = await api.call("DELETE", "/v1/me", {
      token,
      body: { confirmEmail: email, password: "secret-123" },
    });
    expect(deleted.status).toBe(204);
    expect(await stored(userId)).toBeUndefined();
  });
});
