/**
 * The plan and credit API (issue 15): the public catalogue with PLAN_PRICES over our defaults, the
 * caller's plan (free, a subscription with its grace, an admin's grant, a lapsed one) and the
 * credit ledger a page at a time.
 */
import type { Database } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { grantCredits } from "../commands/grant-credits.ts";
import { parseEnv } from "../env.ts";
import { testClient } from "../testing/api-client.ts";
import { insertPlanGrant, insertSubscription } from "../testing/billing-fixtures.ts";

const NOW = new Date("2026-03-10T12:00:00Z");
const PERIOD = { start: new Date("2026-03-01T00:00:00Z"), end: new Date("2026-04-01T00:00:00Z") };
const env = parseEnv({
  NODE_ENV: "test",
  TRUST_PROXY: "true",
  LOG_LEVEL: "silent",
  PLAN_PRICES: '{"tier-0":{"month":500,"year":5000}}',
  BILLING_CURRENCY: "eur",
});

let database: Database;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env, logger: pino({ level: "silent" }), clock: () => NOW });
});
afterAll(async () => {
  await database.close();
});

describe("GET /v1/billing/plans", () => {
  it("answers every tier to anyone, with PLAN_PRICES over our defaults", async () => {
    const answer = await api.get("/v1/billing/plans");
    expect(answer.status).toBe(200);
    expect(answer.res.headers.get("cache-control")).toBe("public, max-age=300");
    const body = answer.body as {
      currency: string;
      provider: string;
      plans: Array<{ tier: string; label: string; prices: unknown; purchasable: boolean }>;
    };
    expect(body).toMatchObject({ currency: "eur", provider: "local" });
    expect(body.plans.map((p) => [p.tier, p.label, p.purchasable, p.prices])).toEqual([
      ["free", "Free plan", false, null],
      ["tier-0", "Starter plan", true, { month: 500, year: 5000 }],
      ["tier-1", "100 Credits", true, { month: 1499, year: 14990 }],
      ["tier-2", "250 Credits", true, { month: 2499, year: 24990 }],
      ["tier-3", "500 Credits", true, { month: 3999, year: 39990 }],
      ["tier-4", "1000 Credits", true, { month: 6999, year: 69990 }],
      ["instance-tier-internal-staff", "Internal Staff", false, null],
      ["instance-tier-external-partner", "External Partner", false, null],
    ]);
  });
});

describe("GET /v1/me/plan", () => {
  it("asks for a sign-in", async () => {
    expect((await api.get("/v1/me/plan")).status).toBe(401);
    expect((await api.get("/v1/me/credits")).status).toBe(401);
  });

  it("a new learner is on the free plan, with nothing unlocked and no credits", async () => {
    const { token } = await api.signUp();
    const answer = await api.get("/v1/me/plan", { token });
    expect(answer.status).toBe(200);
    expect(answer.res.headers.get("cache-control")).toBe("no-store");
    expect(answer.body).toEqual({
      tier: "free",
      label: "Free plan",
      source: "free",
      entitlements: { allLessons: false, ai: false, appBuilder: false, instances: false },
      subscription: null,
      credits: { balance: 0, nextGrantAt: null, nextGrantAmount: 0 },
    });
  });

  it("a subscriber sees their plan, this month's credits and when the next come", async () => {
    const { token, userId } = await api.signUp();
    await insertSubscription(database.db, userId, NOW, {
      tier: "tier-2",
      currentPeriodStart: PERIOD.start,
      currentPeriodEnd: PERIOD.end,
    });
    const answer = await api.get("/v1/me/plan", { token });
    expect(answer.body).toMatchObject({
      tier: "tier-2",
      label: "250 Credits",
      source: "subscription",
      entitlements: { allLessons: true, ai: true, appBuilder: true, instances: true },
      subscription: {
        tier: "tier-2",
        label: "250 Credits",
        interval: "month",
        status: "active",
        cancelAtPeriodEnd: false,
        currentPeriodEnd: PERIOD.end.toISOString(),
        graceUntil: null,
      },
      credits: { balance: 250, nextGrantAt: PERIOD.end.toISOString(), nextGrantAmount: 250 },
    });
  });

  it("a failed payment keeps the plan for the grace days, says until when, and holds the credits", async () => {
    const { token, userId } = await api.signUp();
    await insertSubscription(database.db, userId, NOW, {
      tier: "tier-1",
      status: "past_due",
      currentPeriodStart: new Date("2026-03-08T00:00:00Z"),
      currentPeriodEnd: new Date("2026-04-08T00:00:00Z"),
    });
    const answer = await api.get("/v1/me/plan", { token });
    expect(answer.body).toMatchObject({
      tier: "tier-1",
      subscription: { status: "past_due", graceUntil: "2026-03-15T00:00:00.000Z" },
      credits: { balance: 0, nextGrantAt: null },
    });
  });

  it("a lapsed learner is back on the free plan and told what ended", async () => {
    const { token, userId } = await api.signUp();
    await insertSubscription(database.db, userId, NOW, {
      status: "canceled",
      currentPeriodStart: new Date("2026-01-01T00:00:00Z"),
      currentPeriodEnd: new Date("2026-02-01T00:00:00Z"),
    });
    const answer = await api.get("/v1/me/plan", { token });
    expect(answer.body).toMatchObject({
      tier: "free",
      source: "free",
      subscription: { tier: "tier-0", label: "Starter plan", status: "canceled" },
    });
  });

  it("staff hold their tier by an admin's grant", async () => {
    const { token, userId } = await api.signUp();
    await insertPlanGrant(database.db, userId, { startsAt: PERIOD.start });
    const answer = await api.get("/v1/me/plan", { token });
    expect(answer.body).toMatchObject({
      tier: "instance-tier-internal-staff",
      label: "Internal Staff",
      source: "grant",
      credits: { balance: 1000, nextGrantAt: PERIOD.end.toISOString(), nextGrantAmount: 1000 },
    });
  });
});

describe("GET /v1/me/credits", () => {
  it("answers the ledger newest first, 20 a page", async () => {
    const { token, userId } = await api.signUp();
    for (let i = 1; i <= 23; i += 1) {
      await grantCredits({
        db: database.db,
        userId,
        amount: i,
        kind: "admin",
        reason: `Gift ${i}`,
        idempotencyKey: `gift-${i}`,
      });
    }
    const first = await api.get("/v1/me/credits", { token });
    expect(first.status).toBe(200);
    const page = first.body as {
      balance: number;
      entries: Array<{ amount: number; kind: string; reason: string; balanceAfter: number }>;
      nextBefore: number | null;
    };
    expect(page.balance).toBe(276);
    expect(page.entries).toHaveLength(20);
    expect(page.entries[0]).toMatchObject({
      amount: 23,
      kind: "admin",
      reason: "Gift 23",
      balanceAfter: 276,
    });
    expect(page.nextBefore).not.toBeNull();
    const second = await api.get(`/v1/me/credits?before=${page.nextBefore}`, { token });
    const rest = second.body as { entries: Array<{ amount: number }>; nextBefore: number | null };
    expect(rest.entries.map((e) => e.amount)).toEqual([3, 2, 1]);
    expect(rest.nextBefore).toBeNull();
  });

  it("never shows another learner's entries", async () => {
    const { token } = await api.signUp();
    const answer = await api.get("/v1/me/credits?before=999999", { token });
    expect(answer.body).toMatchObject({ balance: 0, entries: [], nextBefore: null });
  });

  it.each(["0", "-1", "abc", "1.5", "99999999999999999"])(
    "answers 400 to before=%s",
    async (before) => {
      const { token } = await api.signUp();
      const answer = await api.get(`/v1/me/credits?before=${before}`, { token });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe("validation_failed");
    },
  );
});
