/**
 * The Stripe provider against the Stripe emulator (`emulate`, pinned 0.12.2), offline, on
 * loopback ports (issue 15): checkout through the emulator's hosted page, its signed
 * checkout.session.completed webhook to our server, the plan in force. The emulator has no
 * subscriptions, invoices or Customer Portal: lifecycle events are fixtures signed with
 * stripe.webhooks.generateTestHeaderString, and the portal's answer is a fixture served by a
 * fetch wrapper in front of the SDK (every other request goes to the emulator).
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { and, type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { createEmulator, type Emulator } from "emulate";
import pino from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { type Env, parseEnv } from "../env.ts";
import { AppError } from "../errors.ts";
import { type TestAccount, testClient } from "../testing/api-client.ts";
import { type BillingService, createBillingService } from "./billing-service.ts";
import { createStripeProvider, stripeClient } from "./stripe-provider.ts";

const SECRET_KEY = "sk_test_lumen_emulator";
const WEBHOOK_SECRET = "whsec_lumen_emulator_secret";
const PORTAL_URL = "https://billing.stripe.test/p/session/test_portal";
const logger = pino({ level: "silent" });

let database: Database;
let server: ServerType;
let origin: string;
let emulator: Emulator;
let emulatorUrl: string;
let env: Env;
let billing: BillingService;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
/** The emulator's webhook deliveries as they arrived, byte for byte. */
const delivered: Array<{ body: string; signature: string }> = [];
/** The Customer Portal requests the SDK made (answered by the fixture). */
const portalRequests: URLSearchParams[] = [];
const signer = new Stripe(SECRET_KEY);

/** In front of the SDK: the portal's fixture; everything else to the emulator. */
const fetchWithPortalFixture: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname === "/v1/billing_portal/sessions") {
    portalRequests.push(new URLSearchParams(String(init?.body ?? "")));
    return Response.json({ id: "bps_test", object: "billing_portal.session", url: PORTAL_URL });
  }
  return fetch(input, init);
};

beforeAll(async () => {
  database = await createTestDatabase();
  // Our server first: the emulator needs its webhook address when it starts.
  server = serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: async (request) => {
      if (new URL(request.url).pathname === "/v1/billing/webhooks/stripe") {
        const copy = request.clone();
        delivered.push({
          body: await copy.text(),
          signature: copy.headers.get("stripe-signature") ?? "",
        });
      }
      return app.fetch(request);
    },
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  emulator = await createEmulator({
    service: "stripe",
    port: 0,
    seed: {
      stripe: {
        webhooks: [
          { url: `${origin}/v1/billing/webhooks/stripe`, events: ["*"], secret: WEBHOOK_SECRET },
        ],
      },
    },
  });
  emulatorUrl = emulator.url.replace("//localhost:", "//127.0.0.1:");
  env = parseEnv({
    NODE_ENV: "test",
    TRUST_PROXY: "true",
    LOG_LEVEL: "silent",
    PUBLIC_URL: origin,
    BILLING_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: emulatorUrl,
  });
  const provider = createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    clock: () => new Date(),
    client: stripeClient(
      SECRET_KEY,
      emulatorUrl,
      Stripe.createFetchHttpClient(fetchWithPortalFixture),
    ),
  });
  billing = createBillingService({ database, env, logger, clock: () => new Date(), provider });
  app = createApp({ database, env, logger, billing });
});
afterAll(async () => {
  await app?.dispose();
  await emulator?.close();
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function startCheckout(account: TestAccount, body: Record<string, unknown> = {}) {
  const answer = await api.post("/v1/billing/checkout", {
    token: account.token,
    body: { tier: "tier-0", interval: "month", ...body },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { sessionId: string; url: string };
}

/** Pays on the emulator's hosted page; its webhook reaches our server before the redirect. */
async function payAtEmulator(url: string) {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Pay");
  const done = await fetch(`${url}/complete`, { method: "POST", redirect: "manual" });
  expect(done.status).toBe(302);
  await billing.drain();
  return done.headers.get("location");
}

async function customerOf(userId: string) {
  const [row] = await database.db
    .select()
    .from(schema.billingCustomers)
    .where(eq(schema.billingCustomers.userId, userId));
  if (!row) throw new Error("no customer");
  return row.customerId;
}

async function subscriptionRows(userId: string) {
  return database.db
    .select()
    .from(schema.subscriptions)
    .where(eq(schema.subscriptions.userId, userId));
}

const stripeEvent = (type: string, object: Record<string, unknown>, created: number) => ({
  id: `evt_${randomUUID().replaceAll("-", "")}`,
  object: "event",
  api_version: "2026-10-28.endive",
  created,
  livemode: false,
  pending_webhooks: 1,
  type,
  data: { object },
});

function subscriptionObject(
  id: string,
  customer: string,
  over: Record<string, unknown> = {},
  period = { start: nowSeconds(), end: nowSeconds() + 30 * 86_400 },
) {
  return {
    id,
    object: "subscription",
    customer,
    status: "active",
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    trial_end: null,
    metadata: {},
    items: {
      object: "list",
      data: [
        {
          id: "si_fixture",
          object: "subscription_item",
          current_period_start: period.start,
          current_period_end: period.end,
          price: {
            id: "price_fixture",
            object: "price",
            lookup_key: "lumen-tier-0-month",
            recurring: { interval: "month" },
          },
        },
      ],
    },
    ...over,
  };
}

/** A fixture event, signed as Stripe signs (or with another secret). */
function sendSigned(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return api.post("/v1/billing/webhooks/stripe", {
    raw: payload,
    headers: { "stripe-signature": header },
  });
}

async function sendAll(...events: object[]) {
  for (const event of events) {
    const answer = await sendSigned(event);
    expect(answer.status, answer.text).toBe(200);
  }
  await billing.drain();
}

describe("checkout → webhook → plan active", () => {
  let account: TestAccount;
  let sessionId: string;

  it("pays on the emulator's hosted page and has the plan in force once its webhook is applied", async () => {
    account = await api.signUp();
    const started = await startCheckout(account, { redirectUrl: "/web/streak" });
    sessionId = started.sessionId;
    expect(started.url).toBe(`${emulator.url}/checkout/${sessionId}`);
    const before = await api.get(`/v1/billing/checkout/${sessionId}`, { token: account.token });
    expect(before.body).toMatchObject({ status: "open", planActive: false });

    const location = await payAtEmulator(started.url);
    expect(location).toBe(`${origin}/web/purchase-successful?session=${sessionId}`);

    const after = await api.get(`/v1/billing/checkout/${sessionId}`, { token: account.token });
    expect(after.body).toMatchObject({
      status: "complete",
      planActive: true,
      tier: "tier-0",
      redirectUrl: "/web/streak",
    });
    const plan = await api.get("/v1/me/plan", { token: account.token });
    expect(plan.body).toMatchObject({
      tier: "tier-0",
      source: "subscription",
      subscription: { status: "active", interval: "month", cancelAtPeriodEnd: false },
    });
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
      { tier: "tier-0", interval: "month", flow: "web", provider: "stripe" },
    ]);
  });

  it("made one customer at the emulator, named after the learner", async () => {
    const customer = await stripeClient(SECRET_KEY, emulatorUrl).customers.retrieve(
      await customerOf(account.userId),
    );
    expect(customer).toMatchObject({
      email: account.email,
      metadata: { lumen_user_id: account.userId },
    });
  });

  it("a duplicated webhook (the same delivery again) changes nothing", async () => {
    const completion = delivered.find((d) => d.body.includes('"checkout.session.completed"'));
    if (!completion) throw new Error("the emulator delivered no checkout.session.completed");
    const replay = await api.post("/v1/billing/webhooks/stripe", {
      raw: completion.body,
      headers: { "stripe-signature": completion.signature },
    });
    expect(replay.body).toEqual({ received: true, duplicate: true });
    await billing.drain();
    expect(await subscriptionRows(account.userId)).toHaveLength(1);
    const upgrades = await database.db
      .select()
      .from(schema.analyticsEvents)
      .where(
        and(
          eq(schema.analyticsEvents.userId, account.userId),
          eq(schema.analyticsEvents.name, "upgrade"),
        ),
      );
    expect(upgrades).toHaveLength(1);
  });

  it("refuses a second checkout while the plan is live", async () => {
    const again = await api.post("/v1/billing/checkout", {
      token: account.token,
      body: { tier: "tier-2", interval: "month" },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/manage your plan instead/);
  });

  it("an out-of-order pair leaves the newer state", async () => {
    const [row] = await subscriptionRows(account.userId);
    if (!row) throw new Error("no subscription");
    const customer = await customerOf(account.userId);
    const t = Math.floor(row.stateAt.getTime() / 1000);
    const newer = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject(row.providerSubscriptionId, customer, {
        cancel_at_period_end: true,
        canceled_at: t + 200,
      }),
      t + 200,
    );
    const older = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject(row.providerSubscriptionId, customer, { status: "past_due" }),
      t + 100,
    );
    await sendAll(newer, older);
    const [after] = await subscriptionRows(account.userId);
    expect(after).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    // And a cancellation is never undone by an update older than it.
    await sendAll(
      stripeEvent(
        "customer.subscription.deleted",
        subscriptionObject(row.providerSubscriptionId, customer, { status: "canceled" }),
        t + 400,
      ),
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject(row.providerSubscriptionId, customer),
        t + 300,
      ),
    );
    const [ended] = await subscriptionRows(account.userId);
    expect(ended).toMatchObject({ status: "canceled" });
  });

  it("a bad signature is refused and leaves the state as it was", async () => {
    const [row] = await subscriptionRows(account.userId);
    if (!row) throw new Error("no subscription");
    const revive = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject(row.providerSubscriptionId, await customerOf(account.userId)),
      nowSeconds() + 10_000,
    );
    const forged = await sendSigned(revive, "whsec_someone_else");
    expect(forged.status).toBe(400);
    const payload = JSON.stringify(revive);
    const unsigned = await api.post("/v1/billing/webhooks/stripe", { raw: payload });
    expect(unsigned.status).toBe(400);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await api.post("/v1/billing/webhooks/stripe", {
      raw: payload.replace("lumen-tier-0-month", "lumen-tier-4-month"),
      headers: { "stripe-signature": header },
    });
    expect(tampered.status).toBe(400);
    await billing.drain();
    const [after] = await subscriptionRows(account.userId);
    expect(after).toMatchObject({ status: "canceled", tier: "tier-0" });
    const [stored] = await database.db
      .select()
      .from(schema.billingEvents)
      .where(eq(schema.billingEvents.eventId, revive.id));
    expect(stored).toBeUndefined();
  });
});

describe("prices", () => {
  it("creates each price once, by its lookup key, and reuses it", async () => {
    const first = await api.signUp();
    const second = await api.signUp();
    await startCheckout(first, { tier: "tier-3", interval: "year" });
    await startCheckout(second, { tier: "tier-3", interval: "year" });
    const prices = await fetch(`${emulatorUrl}/v1/prices?limit=100`, {
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    const listed = ((await prices.json()) as { data: Array<Record<string, unknown>> }).data;
    const ours = listed.filter(
      (p) => (p.metadata as Record<string, string>)?.lumen_price === "lumen-tier-3-year",
    );
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ unit_amount: 39990, currency: "usd", type: "recurring" });
  });
});

describe("the subscription lifecycle, as Stripe sends it", () => {
  it("one subscription from its own events and the checkout's; past_due and back", async () => {
    const account = await api.signUp();
    const { sessionId } = await startCheckout(account, { tier: "tier-1", flow: "web2app" });
    const customer = await customerOf(account.userId);
    const subId = `sub_${randomUUID().replaceAll("-", "").slice(0, 24)}`;
    const t = nowSeconds();
    const period = { start: t, end: t + 31 * 86_400 };
    const sub = (over: Record<string, unknown> = {}) =>
      subscriptionObject(
        subId,
        customer,
        {
          metadata: { lumen_user_id: account.userId },
          items: {
            object: "list",
            data: [
              {
                id: "si_1",
                current_period_start: period.start,
                current_period_end: period.end,
                price: { id: "price_1", lookup_key: "lumen-tier-1-month" },
              },
            ],
          },
          ...over,
        },
        period,
      );
    const invoice = (type: string, created: number) =>
      stripeEvent(
        type,
        {
          id: `in_${randomUUID()}`,
          object: "invoice",
          customer,
          parent: { type: "subscription_details", subscription_details: { subscription: subId } },
          lines: { data: [{ period: { start: period.start, end: period.end } }] },
        },
        created,
      );
    await sendAll(
      stripeEvent("customer.subscription.created", sub({ status: "incomplete" }), t),
      stripeEvent("customer.subscription.updated", sub(), t + 1),
      stripeEvent(
        "checkout.session.completed",
        {
          id: sessionId,
          object: "checkout.session",
          mode: "subscription",
          status: "complete",
          payment_status: "paid",
          customer,
          subscription: subId,
        },
        t + 2,
      ),
    );
    const rows = await subscriptionRows(account.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      providerSubscriptionId: subId,
      status: "active",
      tier: "tier-1",
    });
    const status = await api.get(`/v1/billing/checkout/${sessionId}`, { token: account.token });
    expect(status.body).toMatchObject({ status: "complete", planActive: true, flow: "web2app" });

    await sendAll(invoice("invoice.payment_failed", t + 100));
    expect((await subscriptionRows(account.userId))[0]).toMatchObject({ status: "past_due" });
    await sendAll(invoice("invoice.paid", t + 200));
    expect((await subscriptionRows(account.userId))[0]).toMatchObject({ status: "active" });
  });
});

describe("the Customer Portal", () => {
  it("opens for a learner with a customer, returning to an allowed address", async () => {
    const account = await api.signUp();
    await startCheckout(account);
    const answer = await api.post("/v1/billing/portal", {
      token: account.token,
      body: { returnUrl: "/web/track/2/tutorial/201/chapter/20101/learn" },
    });
    expect(answer.body).toEqual({ url: PORTAL_URL });
    const request = portalRequests.at(-1);
    expect(request?.get("customer")).toBe(await customerOf(account.userId));
    expect(request?.get("return_url")).toBe(
      `${origin}/web/track/2/tutorial/201/chapter/20101/learn`,
    );
  });

  it("is unavailable (never a 500) when the API answers without a portal, as the emulator does", async () => {
    const bare = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: emulatorUrl,
      clock: () => new Date(),
    });
    const customer = await bare.createCustomer({
      userId: randomUUID(),
      email: "a@example.com",
      name: null,
    });
    const opened = bare.createPortal({ customerId: customer, returnUrl: `${origin}/web/profile` });
    await expect(opened).rejects.toBeInstanceOf(AppError);
    await expect(opened).rejects.toMatchObject({ code: "unavailable" });
  });
});
