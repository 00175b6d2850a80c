/**
 * GET /v1/admin/analytics (issue 14) in-process against a real database: events posted by a
 * signed-in learner and an anonymous browser show up in the daily figures, the funnel (distinct
 * learners who did each step and those before it), events per name and the sign-up cohort; a
 * rebuild of the rollups from the raw events gives the same answer; a deleted account's rollup
 * rows go with it; learners get 403.
 */
import type { AdminAnalytics } from "@lumen/contracts";
import { type Database, sql } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { grantRole } from "../../commands/grant-role.ts";
import { refreshAnalyticsRollups } from "../../commands/roll-up-analytics.ts";
import { parseEnv } from "../../env.ts";
import { testClient } from "../../testing/api-client.ts";

let database: Database;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
const env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env, logger: pino({ level: "silent" }) });
});
afterAll(async () => {
  await database.close();
});

const today = new Date().toISOString().slice(0, 10);
type Row = Record<string, unknown>;
const event = (name: string, anonymousId: string, trackId?: number | string) => ({
  name,
  anonymousId,
  at: new Date().toISOString(),
  properties: trackId === undefined ? {} : { trackId, lessonId: 7 },
});

describe("GET /v1/admin/analytics", () => {
  it("counts events, the funnel per track and the cohort from what browsers sent", async () => {
    const admin = await api.signUp();
    await grantRole({ db: database.db, email: admin.email, role: "admin" });
    const learner = await api.signUp();
    await api.post("/v1/user/visits", { token: learner.token, body: { appName: "web" } });
    const sent = await api.post("/v1/events", {
      token: learner.token,
      body: {
        events: [
          event("open_lesson", "browser-a", 1),
          event("open_lesson", "browser-a", 1),
          event("submit_code", "browser-a", "1"),
          event("finish_lesson", "browser-a", 1),
          event("pageview", "browser-a"),
        ],
      },
    });
    expect(sent.status).toBe(202);
    // An anonymous browser that only opened a lesson, and one in another track.
    await api.post("/v1/events", { body: { events: [event("open_lesson", "browser-b", 1)] } });
    await api.post("/v1/events", { body: { events: [event("open_lesson", "browser-c", 2)] } });

    const answer = await api.get(`/v1/admin/analytics?from=${today}&to=${today}`, {
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    const body = answer.body as AdminAnalytics;
    expect(body.dailyActive).toEqual([{ day: today, learners: 3 }]);
    expect(body.lessonsFinished).toEqual([{ day: today, lessons: 1 }]);
    expect(body.funnel).toEqual([
      {
        trackId: 1,
        steps: [
          { name: "open_lesson", learners: 2 },
          { name: "submit_code", learners: 1 },
          { name: "finish_lesson", learners: 1 },
          { name: "finish_chapter", learners: 0 },
        ],
      },
      {
        trackId: 2,
        steps: [
          { name: "open_lesson", learners: 1 },
          { name: "submit_code", learners: 0 },
          { name: "finish_lesson", learners: 0 },
          { name: "finish_chapter", learners: 0 },
        ],
      },
    ]);
    expect(body.eventsByName).toEqual([
      { name: "open_lesson", events: 4 },
      { name: "finish_lesson", events: 1 },
      { name: "pageview", events: 1 },
      { name: "submit_code", events: 1 },
    ]);
    expect(body.retention).toHaveLength(1);
    expect(body.retention[0]?.size).toBe(2);
    expect(body.retention[0]?.weeks).toEqual([1]);
    expect(body.streaks[0]).toEqual({ from: 0, learners: expect.any(Number) });

    const track = await api.get(`/v1/admin/analytics?from=${today}&to=${today}&trackId=2`, {
      token: admin.token,
    });
    expect((track.body as AdminAnalytics).funnel.map((f) => f.trackId)).toEqual([2]);
    expect((track.body as AdminAnalytics).dailyActive).toEqual([{ day: today, learners: 1 }]);

    // Rebuilt from the raw events, the rollups answer the same.
    await refreshAnalyticsRollups({ db: database.db, from: today, to: today });
    const rebuilt = await api.get(`/v1/admin/analytics?from=${today}&to=${today}`, {
      token: admin.token,
    });
    expect(rebuilt.body).toEqual(body);
  });

  it("defaults to the last 28 days and refuses a reversed or too long range", async () => {
    const admin = await api.signUp();
    await grantRole({ db: database.db, email: admin.email, role: "admin" });
    const fallback = await api.get("/v1/admin/analytics", { token: admin.token });
    expect(fallback.status).toBe(200);
    expect((fallback.body as AdminAnalytics).dailyActive).toHaveLength(28);
    const reversed = await api.get("/v1/admin/analytics?from=2026-02-02&to=2026-02-01", {
      token: admin.token,
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toEqual({
      code: "validation_failed",
      message: "from must not be after to.",
    });
    const long = await api.get("/v1/admin/analytics?from=2020-01-01&to=2026-01-01", {
      token: admin.token,
    });
    expect(long.status).toBe(400);
  });

  it("forgets a deleted account's rows of the rollups (ADR 0048)", async () => {
    const learner = await api.signUp();
    await api.post("/v1/events", {
      token: learner.token,
      body: { events: [event("open_lesson", "browser-d", 3), event("pageview", "browser-d")] },
    });
    const named = sql`select (select count(*) from analytics_actor_days where actor = ${learner.userId})
      + (select count(*) from analytics_actor_track_days where actor = ${learner.userId}) as n`;
    const rollupRows = async () =>
      Number(((await database.db.execute(named)) as unknown as { rows: Row[] }).rows[0]?.n);
    expect(await rollupRows()).toBe(3);
    const deleted = await api.call("DELETE", "/v1/me", {
      token: learner.token,
      body: { confirmEmail: learner.email, password: learner.password },
    });
    expect(deleted.status).toBe(204);
    expect(await rollupRows()).toBe(0);
  });

  it("is for admins only", async () => {
    const learner = await api.signUp();
    expect((await api.get("/v1/admin/analytics", { token: learner.token })).status).toBe(403);
    expect((await api.get("/v1/admin/analytics")).status).toBe(401);
  });
});
