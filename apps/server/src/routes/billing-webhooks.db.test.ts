/**
 * The webhook pipeline against a real database (issue 15), with the local provider's signed
 * events sent by hand: a bad signature is refused and nothing stored; an event is stored by id so
 * that a repeat is a no-op; an older event never overwrites a newer state; invoices move a
 * subscription to past_due and back; an event stored before a crash is applied after a restart.
 * (The same against the Stripe emulator: billing/stripe-provider.db.test.ts.)
 */
import { randomUUID } from "node:crypto";
import type { SubscriptionState } from "@lumen/core";
import { type Database, eq, isNull, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import fc from "fast-check";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { type BillingService, createBillingService } from "../billing/billing-service.ts";
import {
  invoiceObject,
  type LocalEvent,
  type LocalSubscription,
  localEvent,
  subscriptionObject,
} from "../billing/local-events.ts";
import { LOCAL_SIGNATURE_HEADER, signPayload } from "../billing/webhook-signature.ts";
import {
  MAX_EVENT_ATTEMPTS,
  pendingEvents,
  recordFailure,
  storeEvent,
} from "../billing/webhook-store.ts";
import { receiveBillingWebhook } from "../commands/receive-billing-webhook.ts";
import { parseEnv } from "../env.ts";
import { testClient } from "../testing/api-client.ts";
import { insertUser } from "../testing/billing-fixtures.ts";

const SECRET = "local-webhook-secret-for-tests";
const logger = pino({ level: "silent" });
const env = parseEnv({
  NODE_ENV: "test",
  TRUST_PROXY: "true",
  LOG_LEVEL: "silent",
  LOCAL_BILLING_WEBHOOK_SECRET: SECRET,
});
const now = new Date("2026-03-10T12:00:00Z");
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

const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

/** A learner with a local customer record, and their subscription as events would carry it. */
async function learner(overrides: Partial<SubscriptionState> = {}): Promise<LocalSubscription> {
  const user = await insertUser(database.db);
  const customerId = `lcus_${randomUUID()}`;
  await database.db.insert(schema.billingCustomers).values({
    userId: user.id,
    provider: "local",
    customerId,
  });
  return {
    id: `sub_local_${randomUUID()}`,
    customerId,
    userId: user.id,
    amount: 999,
    currency: "usd",
    state: {
      tier: "tier-0",
      interval: "month",
      status: "active",
      cancelAtPeriodEnd: false,
      currentPeriodStart: now,
      currentPeriodEnd: new Date("2026-04-10T12:00:00Z"),
      trialEnd: null,
      canceledAt: null,
      ...overrides,
    },
  };
}

const subscriptionEvent = (
  type: string,
  sub: LocalSubscription,
  change: Partial<SubscriptionState>,
  when: Date,
) => localEvent(type, subscriptionObject({ ...sub, state: { ...sub.state, ...change } }), when);

function send(event: LocalEvent | string, options: { secret?: string; signedAt?: Date } = {}) {
  const raw = typeof event === "string" ? event : JSON.stringify(event);
  return api.post("/v1/billing/webhooks/local", {
    raw,
    headers: {
      [LOCAL_SIGNATURE_HEADER]: signPayload(options.secret ?? SECRET, raw, options.signedAt ?? now),
    },
  });
}

async function sendAll(...events: LocalEvent[]) {
  for (const event of events) {
    const answer = await send(event);
    expect(answer.status, answer.text).toBe(200);
  }
  await billing.drain();
}

async function row(sub: LocalSubscription) {
  const [found] = await database.db
    .select()
    .from(schema.subscriptions)
    .where(eq(schema.subscriptions.providerSubscriptionId, sub.id));
  return found;
}

async function storedEvent(id: string) {
  const [found] = await database.db
    .select()
    .from(schema.billingEvents)
    .where(eq(schema.billingEvents.eventId, id));
  return found;
}

describe("signatures", () => {
  it.each([
    ["signed with another secret", { secret: "not-the-secret-at-all" }],
    ["signed ten minutes ago", { signedAt: at(-600) }],
  ])("refuses an event %s, storing nothing", async (_, options) => {
    const sub = await learner();
    const event = subscriptionEvent("customer.subscription.created", sub, {}, now);
    const answer = await send(event, options);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("bad_request");
    expect(await storedEvent(event.id)).toBeUndefined();
    await billing.drain();
    expect(await row(sub)).toBeUndefined();
  });

  it("refuses a body changed after signing, and one with no signature", async () => {
    const sub = await learner();
    const event = subscriptionEvent("customer.subscription.created", sub, {}, now);
    const raw = JSON.stringify(event);
    const header = signPayload(SECRET, raw, now);
    const tampered = raw.replace('"tier-0"', '"tier-4"');
    const changed = await api.post("/v1/billing/webhooks/local", {
      raw: tampered,
      headers: { [LOCAL_SIGNATURE_HEADER]: header },
    });
    expect(changed.status).toBe(400);
    const unsigned = await api.post("/v1/billing/webhooks/local", { raw });
    expect(unsigned.status).toBe(400);
    expect(await storedEvent(event.id)).toBeUndefined();
  });

  it("has no webhook address for a provider this server does not use", async () => {
    const sub = await learner();
    const raw = JSON.stringify(subscriptionEvent("customer.subscription.created", sub, {}, now));
    const answer = await api.post("/v1/billing/webhooks/stripe", {
      raw,
      headers: { "stripe-signature": "t=1,v1=00" },
    });
    expect(answer.status).toBe(404);
  });
});

describe("stored by event id", () => {
  it("applies an event once; its redelivery is acknowledged and changes nothing", async () => {
    const sub = await learner();
    const created = subscriptionEvent("customer.subscription.created", sub, {}, at(1));
    const first = await send(created);
    expect(first.body).toEqual({ received: true, duplicate: false });
    await billing.drain();
    expect(await row(sub)).toMatchObject({ status: "active", tier: "tier-0" });
    // A newer change, then the first event again: the repeat must not undo the change.
    await sendAll(
      subscriptionEvent("customer.subscription.updated", sub, { tier: "tier-1" }, at(2)),
    );
    const again = await send(created);
    expect(again.body).toEqual({ received: true, duplicate: true });
    await billing.drain();
    expect(await row(sub)).toMatchObject({ tier: "tier-1" });
    const events = await database.db
      .select()
      .from(schema.billingEvents)
      .where(eq(schema.billingEvents.providerSubscriptionId, sub.id));
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.processedAt !== null && e.attempts === 1)).toBe(true);
  });
});

describe("in order per subscription", () => {
  it("keeps the newer state when an older event arrives after it", async () => {
    const sub = await learner();
    const older = subscriptionEvent("customer.subscription.updated", sub, {}, at(10));
    const newer = subscriptionEvent(
      "customer.subscription.updated",
      sub,
      { cancelAtPeriodEnd: true, canceledAt: at(20) },
      at(20),
    );
    await sendAll(newer, older);
    expect(await row(sub)).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      stateAt: at(20),
    });
    // The older event is kept, processed, with why it changed nothing.
    expect(await storedEvent(older.id)).toMatchObject({ lastError: "not applied: older" });
  });

  it("never revives a canceled subscription with an older update", async () => {
    const sub = await learner();
    await sendAll(
      subscriptionEvent("customer.subscription.deleted", sub, { status: "canceled" }, at(30)),
      subscriptionEvent("customer.subscription.updated", sub, {}, at(25)),
    );
    expect(await row(sub)).toMatchObject({ status: "canceled" });
  });

  it("a failed invoice makes it past_due, a paid one active again for the new period", async () => {
    const sub = await learner();
    const renewal = { periodStart: new Date("2026-04-10T12:00:00Z") };
    const invoice = (paid: boolean, when: Date) =>
      localEvent(
        paid ? "invoice.paid" : "invoice.payment_failed",
        invoiceObject({
          sub,
          paid,
          billingReason: "subscription_cycle",
          lines: [
            {
              amount: 999,
              description: "Starter plan, one month",
              periodStart: renewal.periodStart,
              periodEnd: new Date("2026-05-10T12:00:00Z"),
              proration: false,
            },
          ],
        }),
        when,
      );
    await sendAll(subscriptionEvent("customer.subscription.created", sub, {}, at(1)));
    await sendAll(invoice(false, at(100)));
    expect(await row(sub)).toMatchObject({ status: "past_due" });
    await sendAll(invoice(true, at(200)));
    expect(await row(sub)).toMatchObject({
      status: "active",
      currentPeriodStart: renewal.periodStart,
      currentPeriodEnd: new Date("2026-05-10T12:00:00Z"),
    });
  });

  it("keeps an event for a customer it does not know, without applying it", async () => {
    const sub = { ...(await learner()), customerId: "lcus_unknown", userId: randomUUID() };
    const event = subscriptionEvent("customer.subscription.created", sub, {}, at(1));
    await sendAll(event);
    expect(await row(sub)).toBeUndefined();
    expect(await storedEvent(event.id)).toMatchObject({
      lastError: "no user of ours for this customer",
    });
  });
});

describe("reliable work", () => {
  it("finishes after a restart an event stored before the server died", async () => {
    const sub = await learner();
    const event = subscriptionEvent("customer.subscription.created", sub, {}, at(1));
    const raw = JSON.stringify(event);
    // Stored and acknowledged, and then the process is gone before it applied the event.
    await receiveBillingWebhook({
      db: database.db,
      provider: billing.provider,
      rawBody: raw,
      headers: new Headers({ [LOCAL_SIGNATURE_HEADER]: signPayload(SECRET, raw, now) }),
      now,
    });
    expect(await row(sub)).toBeUndefined();
    const restarted = createBillingService({ database, env, logger, clock });
    try {
      // What the server does at start (server.ts); drain waits for that first run.
      restarted.start();
      await restarted.drain();
    } finally {
      await restarted.close();
    }
    expect(await row(sub)).toMatchObject({ status: "active" });
    expect(await storedEvent(event.id)).toMatchObject({ attempts: 1, lastError: null });
  });

  it("counts failed attempts, keeps the error, and stops retrying after the last one", async () => {
    const eventId = `evt_${randomUUID()}`;
    await storeEvent(
      database.db,
      "local",
      { id: eventId, type: "invoice.paid", occurredAt: now, payload: {} },
      now,
    );
    const key = { provider: "local", eventId };
    await recordFailure(database.db, key, new Error("the database went away"));
    expect(await storedEvent(eventId)).toMatchObject({
      attempts: 1,
      lastError: "the database went away",
      processedAt: null,
    });
    const isPending = async () =>
      (await pendingEvents(database.db, 1000)).some((e) => e.eventId === eventId);
    expect(await isPending()).toBe(true);
    for (let i = 1; i < MAX_EVENT_ATTEMPTS; i++) await recordFailure(database.db, key, "again");
    expect(await isPending()).toBe(false);
  });
});

describe("hostile webhooks", () => {
  const TYPES = [
    "customer.subscription.created",
    "customer.subscription.updated",
    "customer.subscription.deleted",
    "invoice.paid",
    "invoice.payment_failed",
    "checkout.session.completed",
    "checkout.session.expired",
    "payment_intent.requires_action",
  ];

  it("never answers 500 to signed or unsigned junk, and no genuine junk breaks the worker", async () => {
    const sub = await learner();
    const genuine = subscriptionObject(sub);
    const objects = fc.sample(
      fc.oneof(
        fc.jsonValue(),
        // Our own shapes with one part replaced by anything: past the first checks more often.
        fc
          .tuple(fc.constantFrom(...Object.keys(genuine)), fc.jsonValue())
          .map(([key, value]) => ({ ...genuine, [key]: value })),
      ),
      { numRuns: 60, seed: 15 },
    );
    const failures: string[] = [];
    for (const [i, object] of objects.entries()) {
      const event = {
        id: `evt_fuzz_${i}_${randomUUID()}`,
        object: "event",
        type: TYPES[i % TYPES.length],
        created: Math.floor(now.getTime() / 1000) + i,
        data: { object },
      };
      for (const raw of [JSON.stringify(event), JSON.stringify(object), "{", "\u0000"]) {
        const signed = await send(raw);
        const unsigned = await api.post("/v1/billing/webhooks/local", { raw });
        for (const answer of [signed, unsigned]) {
          if (answer.status >= 500) failures.push(`${answer.status} ${raw.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    await billing.drain();
    const broken = await database.db
      .select({ eventId: schema.billingEvents.eventId, lastError: schema.billingEvents.lastError })
      .from(schema.billingEvents)
      .where(isNull(schema.billingEvents.processedAt));
    expect(broken.filter((e) => e.eventId.startsWith("evt_fuzz_"))).toEqual([]);
  });
});
