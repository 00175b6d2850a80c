/**
 * The console's subscriptions API (issue 15): search and filter, one account's billing with its
 * webhook history, plan grants that replace and revoke, credits granted with a reason, each
 * change in the audit log with the admin who made it.
 */
import { type Database, desc, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { grantRole } from "../../commands/grant-role.ts";
import { parseEnv } from "../../env.ts";
import { type TestAccount, testClient } from "../../testing/api-client.ts";
import { insertSubscription } from "../../testing/billing-fixtures.ts";

const NOW = new Date("2026-03-10T12:00:00Z");
const env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });

let database: Database;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
let admin: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env, logger: pino({ level: "silent" }), clock: () => NOW });
  admin = await api.signUp();
  await grantRole({ db: database.db, email: admin.email, role: "admin" });
});
afterAll(async () => {
  await database.close();
});

/** The admin's token, read when a request is made (the admin signs up in beforeAll). */
const asAdmin = () => ({ token: admin.token });
const billing = (userId: string) => api.get(`/v1/admin/users/${userId}/billing`, asAdmin());
const auditFor = (userId: string) =>
  database.db
    .select()
    .from(schema.auditLog)
    .where(eq(schema.auditLog.targetUserId, userId))
    .orderBy(desc(schema.auditLog.id));

interface Detail {
  plan: { tier: string; source: string; credits: { balance: number } };
  grants: Array<{
    id: string;
    tier: string;
    reason: string;
    active: boolean;
    revokedAt: string | null;
    grantedBy: { email: string } | null;
  }>;
  subscriptions: Array<{ status: string; active: boolean; graceUntil: string | null }>;
  events: Array<{
    eventId: string;
    type: string;
    processedAt: string | null;
    lastError: string | null;
  }>;
  ledger: {
    entries: Array<{
      amount: number;
      reason: string;
      actor: { email: string } | null;
      kind: string;
    }>;
  };
}

describe("plan grants", () => {
  it("grants Internal Staff with a reason, audited, and the learner has it at once", async () => {
    const learner = await api.signUp();
    const answer = await api.post(`/v1/admin/users/${learner.userId}/plan-grants`, {
      ...asAdmin(),
      body: { tier: "instance-tier-internal-staff", reason: "Joined the course team" },
    });
    expect(answer.status).toBe(200);
    const detail = answer.body as unknown as Detail;
    expect(detail.plan).toMatchObject({ tier: "instance-tier-internal-staff", source: "grant" });
    expect(detail.grants).toMatchObject([
      {
        tier: "instance-tier-internal-staff",
        reason: "Joined the course team",
        active: true,
        grantedBy: { email: admin.email },
      },
    ]);
    const mine = await api.get("/v1/me/plan", { token: learner.token });
    expect(mine.body).toMatchObject({ label: "Internal Staff", credits: { balance: 1000 } });
    const [entry] = await auditFor(learner.userId);
    expect(entry).toMatchObject({
      action: "billing.plan.grant",
      actorEmail: admin.email,
      targetEmail: learner.email,
      detail: { tier: "instance-tier-internal-staff", reason: "Joined the course team" },
    });
  });

  it("a new grant replaces the one in force; revoking ends it once", async () => {
    const learner = await api.signUp();
    const path = `/v1/admin/users/${learner.userId}/plan-grants`;
    await api.post(path, { ...asAdmin(), body: { tier: "tier-0", reason: "Scholarship" } });
    const second = await api.post(path, {
      ...asAdmin(),
      body: { tier: "instance-tier-external-partner", reason: "Partner school" },
    });
    const grants = (second.body as unknown as Detail).grants;
    expect(grants.map((g) => [g.tier, g.active])).toEqual([
      ["instance-tier-external-partner", true],
      ["tier-0", false],
    ]);
    const id = grants[0]?.id;
    const revoked = await api.post(`${path}/${id}/revoke`, asAdmin());
    expect(revoked.status).toBe(200);
    expect((revoked.body as unknown as Detail).plan).toMatchObject({
      tier: "free",
      source: "free",
    });
    const again = await api.post(`${path}/${id}/revoke`, asAdmin());
    expect(again.status).toBe(409);
    expect((await auditFor(learner.userId)).map((a) => a.action)).toEqual([
      "billing.plan.revoke",
      "billing.plan.grant",
      "billing.plan.grant",
    ]);
  });

  it("refuses what is not a grant: the free tier, no reason, a past end, another's grant", async () => {
    const learner = await api.signUp();
    const other = await api.signUp();
    const path = `/v1/admin/users/${learner.userId}/plan-grants`;
    for (const body of [
      { tier: "free", reason: "x" },
      { tier: "tier-0", reason: "   " },
      { tier: "tier-0" },
      { tier: "tier-0", reason: "x", endsAt: "2026-01-01T00:00:00Z" },
      { tier: "tier-0", reason: "x", extra: true },
    ]) {
      const answer = await api.post(path, { ...asAdmin(), body });
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([
        400,
        "validation_failed",
      ]);
    }
    const granted = await api.post(`/v1/admin/users/${other.userId}/plan-grants`, {
      ...asAdmin(),
      body: { tier: "tier-0", reason: "x" },
    });
    const otherGrant = (granted.body as unknown as Detail).grants[0]?.id;
    expect((await api.post(`${path}/${otherGrant}/revoke`, asAdmin())).status).toBe(404);
    const nobody = "00000000-0000-4000-8000-000000000000";
    expect(
      (
        await api.post(`/v1/admin/users/${nobody}/plan-grants`, {
          ...asAdmin(),
          body: { tier: "tier-0", reason: "x" },
        })
      ).status,
    ).toBe(404);
  });

  it("a grant with an end stops by itself", async () => {
    const learner = await api.signUp();
    const answer = await api.post(`/v1/admin/users/${learner.userId}/plan-grants`, {
      ...asAdmin(),
      body: { tier: "tier-0", reason: "Trial for a teacher", endsAt: "2026-03-11T12:00:00Z" },
    });
    expect((answer.body as unknown as Detail).plan.tier).toBe("tier-0");
    const later = createApp({
      database,
      env,
      logger: pino({ level: "silent" }),
      clock: () => new Date("2026-03-12T00:00:00Z"),
    });
    const res = await later.request("/v1/me/plan", {
      headers: { authorization: `Bearer ${learner.token}`, "x-forwarded-for": "10.9.9.9" },
    });
    expect(((await res.json()) as { tier: string }).tier).toBe("free");
  });
});

describe("credits granted by an admin", () => {
  it("adds them once per key, with the reason in the learner's ledger and the audit log", async () => {
    const learner = await api.signUp();
    const path = `/v1/admin/users/${learner.userId}/credits`;
    const body = { amount: 50, reason: "Thanks for the bug report", idempotencyKey: "form-123456" };
    const first = await api.post(path, { ...asAdmin(), body });
    const again = await api.post(path, { ...asAdmin(), body });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    const detail = again.body as unknown as Detail;
    expect(detail.plan.credits.balance).toBe(50);
    expect(detail.ledger.entries).toMatchObject([
      {
        amount: 50,
        kind: "admin",
        reason: "Thanks for the bug report",
        actor: { email: admin.email },
      },
    ]);
    const audit = await auditFor(learner.userId);
    expect(audit.map((a) => [a.action, a.detail])).toMatchObject([
      ["billing.credits.grant", { amount: 50, reason: "Thanks for the bug report" }],
    ]);
    const ledger = await api.get("/v1/me/credits", { token: learner.token });
    expect(ledger.body).toMatchObject({
      balance: 50,
      entries: [{ amount: 50, kind: "admin", reason: "Thanks for the bug report" }],
    });
    const page = await api.get(`${path}?before=999999999`, asAdmin());
    expect(page.body).toMatchObject({ entries: [{ amount: 50 }], nextBefore: null });
  });

  it.each([
    [{ amount: 0, reason: "x" }],
    [{ amount: 100_001, reason: "x" }],
    [{ amount: 1.5, reason: "x" }],
    [{ amount: 5, reason: "" }],
    [{ amount: 5, reason: "r".repeat(201) }],
    [{ amount: 5, reason: "x", idempotencyKey: "short" }],
  ])("refuses %j with 400", async (body) => {
    const learner = await api.signUp();
    const answer = await api.post(`/v1/admin/users/${learner.userId}/credits`, {
      ...asAdmin(),
      body,
    });
    expect(answer.status).toBe(400);
  });
});

describe("the subscriptions list and one account's billing", () => {
  it("finds accounts by email, filters by state, and pages in email order", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const make = async (name: string) => api.signUp({ email: `${name}-${tag}@example.com` });
    const active = await make("a-active");
    const pastDue = await make("b-pastdue");
    const staff = await make("c-staff");
    const none = await make("d-none");
    await insertSubscription(database.db, active.userId, NOW, { tier: "tier-2" });
    await insertSubscription(database.db, pastDue.userId, NOW, { status: "past_due" });
    await api.post(`/v1/admin/users/${staff.userId}/plan-grants`, {
      ...asAdmin(),
      body: { tier: "instance-tier-internal-staff", reason: "Staff" },
    });
    const list = async (query: string) =>
      (await api.get(`/v1/admin/subscriptions?${query}`, asAdmin())).body as {
        rows: Array<{
          user: { email: string };
          tier: string;
          source: string;
          subscription: { status: string; graceUntil: string | null } | null;
        }>;
        nextCursor: string | null;
      };
    const all = await list(`query=${tag}`);
    expect(all.rows.map((r) => [r.user.email.split("-")[1], r.tier, r.source])).toEqual([
      ["active", "tier-2", "subscription"],
      ["pastdue", "tier-0", "subscription"],
      ["staff", "instance-tier-internal-staff", "grant"],
      ["none", "free", "free"],
    ]);
    expect(all.rows[1]?.subscription).toMatchObject({
      status: "past_due",
      graceUntil: "2026-03-16T12:00:00.000Z",
    });
    expect((await list(`query=${tag}&state=past_due`)).rows.map((r) => r.user.email)).toEqual([
      pastDue.email,
    ]);
    expect((await list(`query=${tag}&state=granted`)).rows.map((r) => r.user.email)).toEqual([
      staff.email,
    ]);
    expect((await list(`query=${tag}&state=canceled`)).rows).toEqual([]);
    // Without a search: accounts that ever had a plan, never one that did not.
    const everyone = await list("");
    expect(everyone.rows.map((r) => r.user.email)).not.toContain(none.email);
    expect((await api.get("/v1/admin/subscriptions?state=paused", asAdmin())).status).toBe(400);
  });

  it("shows an account's subscriptions and the webhook events about them, newest first", async () => {
    const learner = await api.signUp();
    const sub = await insertSubscription(database.db, learner.userId, NOW, { tier: "tier-1" });
    const event = (
      id: string,
      minutes: number,
      extra: Partial<typeof schema.billingEvents.$inferInsert> = {},
    ) => ({
      provider: "local",
      eventId: id,
      type: "customer.subscription.updated",
      occurredAt: new Date(NOW.getTime() - minutes * 60_000),
      providerSubscriptionId: sub.providerSubscriptionId,
      payload: {},
      ...extra,
    });
    await database.db.insert(schema.billingEvents).values([
      event(`evt_old_${learner.userId}`, 30, { processedAt: NOW, attempts: 1 }),
      event(`evt_new_${learner.userId}`, 5, { attempts: 2, lastError: "subscription unknown" }),
      event(`evt_user_${learner.userId}`, 10, {
        providerSubscriptionId: null,
        userId: learner.userId,
        type: "checkout.session.completed",
      }),
    ]);
    const detail = (await billing(learner.userId)).body as unknown as Detail;
    expect(detail.subscriptions).toMatchObject([{ status: "active", active: true }]);
    expect(detail.events.map((e) => [e.eventId.split("_")[1], e.lastError])).toEqual([
      ["new", "subscription unknown"],
      ["user", null],
      ["old", null],
    ]);
  });
});
