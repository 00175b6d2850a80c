/**
 * Paying for a plan on the local provider, over HTTP against a real database (issue 15): the
 * checkout and its test cards (success, decline, the extra step), the redirect allow-list, never
 * charged twice, the plan in force at once with its `upgrade` event, the portal (cancel, resume,
 * change plan with proration, a failed renewal and its grace), and the local renewals.
 */
import { LOCAL_TEST_CARDS } from "@lumen/contracts";
import { and, type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { type BillingService, createBillingService } from "../billing/billing-service.ts";
import { renewLocalSubscriptions } from "../billing/local-renewals.ts";
import { parseEnv } from "../env.ts";
import { type TestAccount, testClient } from "../testing/api-client.ts";

const logger = pino({ level: "silent" });
const env = parseEnv({
  NODE_ENV: "test",
  TRUST_PROXY: "true",
  LOG_LEVEL: "silent",
  ALLOWED_REDIRECT_HOSTS: "app.lumen.dev",
});
let now = new Date("2026-03-10T12:00:00Z");
const clock = () => now;
let database: Database;
let billing: BillingService;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);

beforeAll(async () => {
  database = await createTestDatabase();
  billing = createBillingService({ database, env, logger, clock });
  app = createApp({ database, env, logger, clock, billing });
});
afterAll(async () => {
  await app.dispose();
  await database.close();
});

const card = (cardNumber: string) => ({ cardNumber, expiry: "12/30", cvc: "123", name: "Ada" });

async function checkout(account: TestAccount, body: Record<string, unknown> = {}) {
  const answer = await api.post("/v1/billing/checkout", {
    token: account.token,
    body: { tier: "tier-0", interval: "month", ...body },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { sessionId: string; url: string };
}

const pay = (account: TestAccount, id: string, number: string = LOCAL_TEST_CARDS.succeeds) =>
  api.post(`/v1/billing/local/checkout/${id}/pay`, { token: account.token, body: card(number) });

const myPlan = async (account: TestAccount) =>
  (await api.get("/v1/me/plan", { token: account.token })).body as {
    tier: string;
    source: string;
    subscription: null | {
      status: string;
      tier: string;
      interval: string;
      cancelAtPeriodEnd: boolean;
      currentPeriodEnd: string;
      graceUntil: string | null;
    };
  };

async function subscribed(body: Record<string, unknown> = {}) {
  const account = await api.signUp();
  const { sessionId } = await checkout(account, body);
  expect((await pay(account, sessionId)).body.outcome).toBe("succeeded");
  return { account, sessionId };
}

describe("checkout on the local provider", () => {
  it("asks to sign in first", async () => {
    const answer = await api.post("/v1/billing/checkout", {
      body: { tier: "tier-0", interval: "month" },
    });
    expect(answer.status).toBe(401);
  });

  it("opens the local checkout page, which shows the plan, its price and the way back", async () => {
    const account = await api.signUp();
    const { sessionId, url } = await checkout(account, {
      flow: "web2app",
      redirectUrl: "/web/track/2/tutorial/201/chapter/20101/learn",
      trackingReferer: "newsletter",
    });
    expect(url).toBe(`/billing/local/checkout/${sessionId}`);
    const page = await api.get(`/v1/billing/local/checkout/${sessionId}`, {
      token: account.token,
    });
    expect(page.body).toEqual({
      id: sessionId,
      status: "open",
      tier: "tier-0",
      label: "Starter plan",
      interval: "month",
      amount: 999,
      currency: "usd",
      email: account.email,
      cancelUrl:
        "/web2app/subscribe?redirectUrl=%2Fweb%2Ftrack%2F2%2Ftutorial%2F201%2Fchapter%2F20101%2Flearn&trackingReferer=newsletter",
    });
  });

  it("pays with 4242…: the plan is in force at once, with one `upgrade` event", async () => {
    const account = await api.signUp();
    const { sessionId } = await checkout(account, { tier: "tier-2", interval: "year" });
    const paid = await pay(account, sessionId);
    expect(paid.body).toEqual({
      outcome: "succeeded",
      message: "Payment received. Your 250 Credits is active.",
      successUrl: `/web/purchase-successful?session=${sessionId}`,
    });
    const status = await api.get(`/v1/billing/checkout/${sessionId}`, { token: account.token });
    expect(status.body).toMatchObject({ status: "complete", planActive: true, tier: "tier-2" });
    const plan = await myPlan(account);
    expect(plan).toMatchObject({ tier: "tier-2", source: "subscription" });
    expect(plan.subscription).toMatchObject({
      status: "active",
      interval: "year",
      currentPeriodEnd: "2027-03-10T12:00:00.000Z",
    });
    // Sending the form again charges nothing more.
    expect((await pay(account, sessionId)).body.outcome).toBe("succeeded");
    const rows = await database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.userId, account.userId));
    expect(rows).toHaveLength(1);
    const upgrades = await database.db
      .select()
      .from(schema.analyticsEvents)
      .where(
        and(
          eq(schema.analyticsEvents.userId, account.userId),
          eq(schema.analyticsEvents.name, "upgrade"),
        ),
      );
    expect(upgrades.map((e) => e.properties)).toEqual([
      { tier: "tier-2", interval: "year", flow: "web", provider: "local" },
    ]);
  });

  it("declines 4000000000000002 and any card that is not a test card, charging nothing", async () => {
    const account = await api.signUp();
    const { sessionId } = await checkout(account);
    expect((await pay(account, sessionId, LOCAL_TEST_CARDS.declined)).body).toEqual({
      outcome: "declined",
      message: "Your card was declined. Try another card.",
      successUrl: null,
    });
    expect((await pay(account, sessionId, "5555 5555 5555 4444")).body.outcome).toBe("declined");
    expect((await myPlan(account)).tier).toBe("free");
    // The checkout stays open: another card can pay it.
    expect((await pay(account, sessionId)).body.outcome).toBe("succeeded");
  });

  it("asks for the extra step with 4000002500003155; approving it pays", async () => {
    const account = await api.signUp();
    const { sessionId } = await checkout(account);
    const action = (approve: boolean) =>
      api.post(`/v1/billing/local/checkout/${sessionId}/action`, {
        token: account.token,
        body: { approve },
      });
    expect((await action(true)).status).toBe(409);
    expect((await pay(account, sessionId, LOCAL_TEST_CARDS.requiresAction)).body).toMatchObject({
      outcome: "requires_action",
      successUrl: null,
    });
    expect((await myPlan(account)).tier).toBe("free");
    expect((await action(false)).body.outcome).toBe("declined");
    // Refused: no step is waiting any more.
    expect((await action(true)).status).toBe(409);
    await pay(account, sessionId, LOCAL_TEST_CARDS.requiresAction);
    expect((await action(true)).body.outcome).toBe("succeeded");
    expect((await myPlan(account)).tier).toBe("tier-0");
  });

  it("checks the card fields as a card form does", async () => {
    const account = await api.signUp();
    const { sessionId } = await checkout(account);
    const send = (body: Record<string, string>) =>
      api.post(`/v1/billing/local/checkout/${sessionId}/pay`, {
        token: account.token,
        body: { ...card(LOCAL_TEST_CARDS.succeeds), ...body },
      });
    expect((await send({ cardNumber: "4242" })).body.message).toMatch(/^cardNumber: /);
    expect((await send({ expiry: "13/30" })).body.message).toMatch(/^expiry: /);
    expect((await send({ expiry: "01/26" })).body.message).toBe("expiry: This card has expired.");
    expect((await send({ cvc: "1" })).body.message).toMatch(/^cvc: /);
    expect((await send({ name: " " })).body.message).toMatch(/^name: /);
  });

  it("keeps another learner out of a checkout: not found", async () => {
    const owner = await api.signUp();
    const { sessionId } = await checkout(owner);
    const other = await api.signUp();
    expect(
      (await api.get(`/v1/billing/checkout/${sessionId}`, { token: other.token })).status,
    ).toBe(404);
    expect((await pay(other, sessionId)).status).toBe(404);
  });
});

describe("never charged twice", () => {
  it("refuses a second checkout while a plan is live, saying to manage it instead", async () => {
    const { account } = await subscribed();
    const again = await api.post("/v1/billing/checkout", {
      token: account.token,
      body: { tier: "tier-3", interval: "month" },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: "conflict",
      message:
        "You already have the Starter plan. To change or cancel it, manage your plan instead.",
    });
  });

  it("ends an earlier open checkout when a new one starts: only the newest can be paid", async () => {
    const account = await api.signUp();
    const first = await checkout(account);
    const second = await checkout(account, { tier: "tier-1" });
    const stale = await pay(account, first.sessionId);
    expect(stale.status).toBe(409);
    expect((await pay(account, second.sessionId)).body.outcome).toBe("succeeded");
    expect((await myPlan(account)).tier).toBe("tier-1");
  });

  it("pays one checkout once under parallel submits", async () => {
    const account = await api.signUp();
    const { sessionId } = await checkout(account);
    const answers = await Promise.all([1, 2, 3].map(() => pay(account, sessionId)));
    expect(answers.map((a) => a.body.outcome)).toEqual(["succeeded", "succeeded", "succeeded"]);
    const rows = await database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.userId, account.userId));
    expect(rows).toHaveLength(1);
  });
});

describe("the redirect allow-list, checked again on the server", () => {
  it.each([
    ["https://evil.example/phish", null],
    ["//evil.example/x", null],
    ["javascript:alert(1)", null],
    ["/web/streak", "/web/streak"],
    ["https://app.lumen.dev/web/streak", "https://app.lumen.dev/web/streak"],
  ])("%s is kept as %s", async (redirectUrl, kept) => {
    const account = await api.signUp();
    const { sessionId } = await checkout(account, { flow: "web2app", redirectUrl });
    const status = await api.get(`/v1/billing/checkout/${sessionId}`, { token: account.token });
    expect(status.body.redirectUrl).toBe(kept);
    const paid = await pay(account, sessionId);
    expect(paid.body.successUrl).toBe(
      `/web2app/success?session=${sessionId}${kept ? `&redirectUrl=${encodeURIComponent(kept)}` : ""}`,
    );
  });
});

describe("the local portal", () => {
  const portal = (account: TestAccount, action: string, body?: unknown) =>
    api.post(`/v1/billing/local/portal/${action}`, { token: account.token, body });

  it("opens from POST /v1/billing/portal for a learner who has paid, not before", async () => {
    const stranger = await api.signUp();
    expect((await api.post("/v1/billing/portal", { token: stranger.token, body: {} })).status).toBe(
      404,
    );
    const { account } = await subscribed();
    const answer = await api.post("/v1/billing/portal", {
      token: account.token,
      body: { returnUrl: "https://evil.example/" },
    });
    expect(answer.body).toEqual({
      url: `/billing/local/portal?returnUrl=${encodeURIComponent("http://localhost/web/profile")}`,
    });
  });

  it("cancels to the period's end, keeping access until then, and resumes", async () => {
    const { account } = await subscribed();
    const canceled = await portal(account, "cancel");
    expect(canceled.body).toMatchObject({
      tier: "tier-0",
      subscription: { status: "active", cancelAtPeriodEnd: true },
    });
    // Cancelling again changes nothing; buying again waits for the period's end.
    expect((await portal(account, "cancel")).status).toBe(200);
    const again = await api.post("/v1/billing/checkout", {
      token: account.token,
      body: { tier: "tier-0", interval: "month" },
    });
    expect(again.body.message).toMatch(/ending at the close of this period/);
    const resumed = await portal(account, "resume");
    expect(resumed.body).toMatchObject({ subscription: { cancelAtPeriodEnd: false } });
    expect((await portal(account, "resume")).status).toBe(409);
  });

  it("changes plan with the proration recorded as an invoice", async () => {
    const { account } = await subscribed();
    const saved = now;
    now = new Date(now.getTime() + 15 * 86_400_000);
    try {
      const changed = await portal(account, "change-plan", { tier: "tier-2", interval: "month" });
      expect(changed.body).toMatchObject({ tier: "tier-2", subscription: { tier: "tier-2" } });
      const [invoice] = await database.db
        .select()
        .from(schema.billingEvents)
        .where(
          and(
            eq(schema.billingEvents.userId, account.userId),
            eq(schema.billingEvents.type, "invoice.paid"),
            eq(schema.billingEvents.occurredAt, new Date(Math.floor(now.getTime() / 1000) * 1000)),
          ),
        );
      if (!invoice) throw new Error("no proration invoice");
      const lines = (
        invoice.payload as { data: { object: { lines: { data: Array<{ amount: number }> } } } }
      ).data.object.lines.data.map((l) => l.amount);
      // 16 of the period's 31 days left: 516 of Starter's 999 back, 1290 of 2499 charged.
      expect(lines).toEqual([-516, 1290]);
      expect(
        (await portal(account, "change-plan", { tier: "tier-2", interval: "month" })).status,
      ).toBe(409);
    } finally {
      now = saved;
    }
  });

  it("a failed renewal is past_due with its grace, and keeping the plan pays it", async () => {
    const { account } = await subscribed();
    const failed = await portal(account, "simulate-renewal-failure");
    expect(failed.body).toMatchObject({
      tier: "tier-0",
      subscription: { status: "past_due", graceUntil: "2026-03-17T12:00:00.000Z" },
    });
    expect(
      (await portal(account, "change-plan", { tier: "tier-1", interval: "month" })).status,
    ).toBe(409);
    const resumed = await portal(account, "resume");
    expect(resumed.body).toMatchObject({ subscription: { status: "active", graceUntil: null } });
  });

  it("answers 409 to a learner with no plan", async () => {
    const account = await api.signUp();
    expect((await portal(account, "cancel")).status).toBe(409);
  });
});

describe("the local provider's clock", () => {
  it("renews a running plan at its period's end and ends a canceled one", async () => {
    const renewing = await subscribed();
    const ending = await subscribed();
    await api.post("/v1/billing/local/portal/cancel", { token: ending.account.token });
    const saved = now;
    now = new Date("2026-05-20T00:00:00Z");
    try {
      await renewLocalSubscriptions({ billing, db: database.db, now, logger });
      expect((await myPlan(renewing.account)).subscription).toMatchObject({
        status: "active",
        currentPeriodEnd: "2026-06-10T12:00:00.000Z",
      });
      const ended = await myPlan(ending.account);
      expect(ended).toMatchObject({ tier: "free", subscription: { status: "canceled" } });
      // Ended, the learner may buy again.
      await checkout(ending.account);
    } finally {
      now = saved;
    }
  });
});

describe("trials", () => {
  it("gives a first subscription its trial days when BILLING_TRIAL_DAYS is set", async () => {
    const trialEnv = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", BILLING_TRIAL_DAYS: "14" });
    const trialBilling = createBillingService({ database, env: trialEnv, logger, clock });
    const trialApp = createApp({ database, env: trialEnv, logger, clock, billing: trialBilling });
    const trialApi = testClient(trialApp);
    try {
      const account = await trialApi.signUp();
      const started = await trialApi.post("/v1/billing/checkout", {
        token: account.token,
        body: { tier: "tier-0", interval: "month" },
      });
      const id = (started.body as { sessionId: string }).sessionId;
      await trialApi.post(`/v1/billing/local/checkout/${id}/pay`, {
        token: account.token,
        body: card(LOCAL_TEST_CARDS.succeeds),
      });
      const plan = await trialApi.get("/v1/me/plan", { token: account.token });
      expect(plan.body).toMatchObject({
        tier: "tier-0",
        subscription: { status: "trialing", trialEnd: "2026-03-24T12:00:00.000Z" },
      });
    } finally {
      await trialApp.dispose();
    }
  });
});
