/**
 * The monthly allowance (issue 15, ADR 0045): granted lazily once a month per source, topped up on
 * an upgrade, none while a trial runs or a payment failed, and last month's unused allowance
 * expired at the next grant, so that the ledger always sums to the balance.
 */
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEffectivePlan } from "../billing/effective-plan.ts";
import { insertPlanGrant, insertSubscription, insertUser } from "../testing/billing-fixtures.ts";
import { ensureCreditGrants } from "./ensure-credit-grants.ts";
import { grantCredits } from "./grant-credits.ts";
import { spendCredits } from "./spend-credits.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const env = { BILLING_GRACE_DAYS: 7 };
const at = (iso: string) => new Date(iso);
const ensure = (userId: string, now: Date) =>
  ensureCreditGrants({ db: database.db, userId, now, env });

const ledgerOf = async (userId: string) =>
  (
    await database.db
      .select()
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.userId, userId))
  ).sort((a, b) => a.id - b.id);
const balanceOf = async (userId: string) =>
  (
    await database.db
      .select()
      .from(schema.creditBalances)
      .where(eq(schema.creditBalances.userId, userId))
  )[0]?.balance ?? 0;

async function expectLedgerSumsToBalance(userId: string) {
  const sum = (await ledgerOf(userId)).reduce((total, e) => total + e.amount, 0);
  expect(sum).toBe(await balanceOf(userId));
}

const MARCH = { start: at("2026-03-01T00:00:00Z"), end: at("2026-04-01T00:00:00Z") };
const APRIL = { start: at("2026-04-01T00:00:00Z"), end: at("2026-05-01T00:00:00Z") };

async function subscriber(tier: string, overrides = {}) {
  const { id } = await insertUser(database.db);
  const sub = await insertSubscription(database.db, id, MARCH.start, {
    tier,
    currentPeriodStart: MARCH.start,
    currentPeriodEnd: MARCH.end,
    ...overrides,
  });
  return { userId: id, sub };
}

describe("ensureCreditGrants: a monthly subscription", () => {
  it("grants the plan's allowance once a month (250 Credits: 250)", async () => {
    const { userId, sub } = await subscriber("tier-2");
    const first = await ensure(userId, at("2026-03-05T00:00:00Z"));
    expect(first).toMatchObject({ granted: 250, expired: 0 });
    expect((await ensure(userId, at("2026-03-20T00:00:00Z"))).granted).toBe(0);
    const ledger = await ledgerOf(userId);
    expect(ledger.map((e) => [e.kind, e.amount, e.idempotencyKey, e.reason])).toEqual([
      [
        "grant",
        250,
        `grant:sub:${sub.id}:2026-03-01T00:00:00.000Z:tier-2`,
        "250 Credits plan: this month's credits",
      ],
    ]);
  });

  it("grants once when many requests ask at the same time", async () => {
    const { userId } = await subscriber("tier-1");
    const now = at("2026-03-05T00:00:00Z");
    const results = await Promise.all(Array.from({ length: 12 }, () => ensure(userId, now)));
    expect(results.reduce((sum, r) => sum + r.granted, 0)).toBe(100);
    expect(await balanceOf(userId)).toBe(100);
  });

  it("expires last month's unused allowance at the next grant, and keeps an admin's credits", async () => {
    const { userId, sub } = await subscriber("tier-2");
    await ensure(userId, at("2026-03-05T00:00:00Z"));
    await spendCredits({
      db: database.db,
      userId,
      amount: 100,
      reason: "App builder",
      idempotencyKey: "build-1",
      now: at("2026-03-06T00:00:00Z"),
      env,
    });
    await grantCredits({
      db: database.db,
      userId,
      amount: 40,
      kind: "admin",
      reason: "Sorry for the outage",
      idempotencyKey: "outage",
      now: at("2026-03-07T00:00:00Z"),
    });
    expect(await balanceOf(userId)).toBe(190);
    // The renewal: the provider's webhook moved the period on.
    await database.db
      .update(schema.subscriptions)
      .set({ currentPeriodStart: APRIL.start, currentPeriodEnd: APRIL.end })
      .where(eq(schema.subscriptions.id, sub.id));
    const april = await ensure(userId, at("2026-04-02T00:00:00Z"));
    expect(april).toMatchObject({ granted: 250, expired: 150 });
    expect(await balanceOf(userId)).toBe(290);
    const kinds = (await ledgerOf(userId)).map((e) => [e.kind, e.amount, e.balanceAfter]);
    expect(kinds).toEqual([
      ["grant", 250, 250],
      ["debit", -100, 150],
      ["admin", 40, 190],
      ["expire", -150, 40],
      ["grant", 250, 290],
    ]);
    await expectLedgerSumsToBalance(userId);
  });

  it("expires nothing when the allowance was spent, admin credits included", async () => {
    const { userId, sub } = await subscriber("tier-1");
    await ensure(userId, at("2026-03-02T00:00:00Z"));
    await grantCredits({
      db: database.db,
      userId,
      amount: 50,
      kind: "admin",
      reason: "Gift",
      idempotencyKey: "gift",
    });
    await spendCredits({
      db: database.db,
      userId,
      amount: 120,
      reason: "AI",
      idempotencyKey: "big",
      now: at("2026-03-03T00:00:00Z"),
      env,
    });
    await database.db
      .update(schema.subscriptions)
      .set({ currentPeriodStart: APRIL.start, currentPeriodEnd: APRIL.end })
      .where(eq(schema.subscriptions.id, sub.id));
    expect(await ensure(userId, at("2026-04-03T00:00:00Z"))).toMatchObject({
      granted: 100,
      expired: 0,
    });
    expect(await balanceOf(userId)).toBe(130);
  });

  it("tops the month up on an upgrade, and gives nothing more on a downgrade", async () => {
    const { userId, sub } = await subscriber("tier-1");
    await ensure(userId, at("2026-03-02T00:00:00Z"));
    const setTier = (tier: string) =>
      database.db
        .update(schema.subscriptions)
        .set({ tier })
        .where(eq(schema.subscriptions.id, sub.id));
    await setTier("tier-3");
    expect(await ensure(userId, at("2026-03-10T00:00:00Z"))).toMatchObject({
      granted: 400,
      expired: 0,
    });
    await setTier("tier-2");
    expect((await ensure(userId, at("2026-03-11T00:00:00Z"))).granted).toBe(0);
    await setTier("tier-3");
    expect((await ensure(userId, at("2026-03-12T00:00:00Z"))).granted).toBe(0);
    expect(await balanceOf(userId)).toBe(500);
    const reasons = (await ledgerOf(userId)).map((e) => e.reason);
    expect(reasons[1]).toBe(
      "500 Credits plan: this month's credits, topped up after the change of plan",
    );
  });

  it("gives no credits during a trial or a failed payment's grace, and grants once paid", async () => {
    const { userId, sub } = await subscriber("tier-1", {
      status: "trialing",
      trialEnd: MARCH.end,
    });
    const now = at("2026-03-05T00:00:00Z");
    expect((await ensure(userId, now)).granted).toBe(0);
    const plan = await readEffectivePlan({ db: database.db, userId, now, env });
    expect(plan).toMatchObject({ tier: "tier-1", source: "subscription" });
    expect(plan.allowance?.nextGrantAt).toEqual(MARCH.end);
    await database.db
      .update(schema.subscriptions)
      .set({ status: "past_due" })
      .where(eq(schema.subscriptions.id, sub.id));
    expect((await ensure(userId, now)).granted).toBe(0);
    await database.db
      .update(schema.subscriptions)
      .set({ status: "active" })
      .where(eq(schema.subscriptions.id, sub.id));
    expect((await ensure(userId, now)).granted).toBe(100);
  });

  it("Starter and the free plan bring no credits", async () => {
    const { userId } = await subscriber("tier-0");
    expect((await ensure(userId, at("2026-03-05T00:00:00Z"))).granted).toBe(0);
    const { id } = await insertUser(database.db);
    expect((await ensure(id, at("2026-03-05T00:00:00Z"))).granted).toBe(0);
    expect(await ledgerOf(id)).toEqual([]);
  });

  it("spending grants the month's allowance first", async () => {
    const { userId } = await subscriber("tier-1");
    const spent = await spendCredits({
      db: database.db,
      userId,
      amount: 1,
      reason: "AI tutor message",
      idempotencyKey: "first-message",
      now: at("2026-03-05T00:00:00Z"),
      env,
    });
    expect(spent.balance).toBe(99);
  });
});

describe("ensureCreditGrants: yearly plans and admin grants", () => {
  it("gives a yearly plan its allowance every month of the year", async () => {
    const { userId } = await subscriber("tier-1", {
      interval: "year",
      currentPeriodStart: at("2026-01-15T00:00:00Z"),
      currentPeriodEnd: at("2027-01-15T00:00:00Z"),
    });
    const granted: number[] = [];
    for (const month of ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]) {
      granted.push((await ensure(userId, at(`2026-${month}-20T00:00:00Z`))).granted);
    }
    expect(granted).toEqual(Array(12).fill(100));
    // Nothing spent: each month's grant expired the last month's, so 100 remain.
    expect(await balanceOf(userId)).toBe(100);
    await expectLedgerSumsToBalance(userId);
    const plan = await readEffectivePlan({
      db: database.db,
      userId,
      now: at("2026-06-20T00:00:00Z"),
      env,
    });
    expect(plan.allowance?.nextGrantAt).toEqual(at("2026-07-15T00:00:00Z"));
  });

  it("gives Internal Staff (an admin's grant) 1000 a month from its start, until revoked", async () => {
    const { id: userId } = await insertUser(database.db);
    const grant = await insertPlanGrant(database.db, userId, {
      startsAt: at("2026-02-10T00:00:00Z"),
    });
    expect((await ensure(userId, at("2026-03-01T00:00:00Z"))).granted).toBe(1000);
    expect(await ledgerOf(userId)).toMatchObject([
      {
        idempotencyKey: `grant:grant:${grant.id}:2026-02-10T00:00:00.000Z:instance-tier-internal-staff`,
      },
    ]);
    await database.db
      .update(schema.planGrants)
      .set({ revokedAt: at("2026-03-05T00:00:00Z") })
      .where(eq(schema.planGrants.id, grant.id));
    expect((await ensure(userId, at("2026-03-20T00:00:00Z"))).granted).toBe(0);
    const plan = await readEffectivePlan({
      db: database.db,
      userId,
      now: at("2026-03-20T00:00:00Z"),
      env,
    });
    expect(plan).toMatchObject({ tier: "free", source: "free", allowance: null });
  });
});

describe("when the next grant comes", () => {
  const next = async (userId: string, now: Date) =>
    (await readEffectivePlan({ db: database.db, userId, now, env })).allowance?.nextGrantAt ?? null;

  it("a monthly plan: at its renewal; canceled at period end: none", async () => {
    const { userId, sub } = await subscriber("tier-2");
    expect(await next(userId, at("2026-03-05T00:00:00Z"))).toEqual(MARCH.end);
    await database.db
      .update(schema.subscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(schema.subscriptions.id, sub.id));
    expect(await next(userId, at("2026-03-05T00:00:00Z"))).toBeNull();
  });

  it("a grant with an end: none after its last month", async () => {
    const { id: userId } = await insertUser(database.db);
    await insertPlanGrant(database.db, userId, {
      tier: "tier-3",
      startsAt: at("2026-03-01T00:00:00Z"),
      endsAt: at("2026-04-15T00:00:00Z"),
    });
    expect(await next(userId, at("2026-03-05T00:00:00Z"))).toEqual(APRIL.start);
    expect(await next(userId, at("2026-04-05T00:00:00Z"))).toBeNull();
  });
});
