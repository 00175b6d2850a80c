import { describe, expect, it } from "vitest";
import { readProviderEvent } from "./provider-events.ts";

const PERIOD = { current_period_start: 1_772_000_000, current_period_end: 1_774_678_400 };
const subscription = (over: Record<string, unknown> = {}, price: Record<string, unknown> = {}) => ({
  data: {
    object: {
      id: "sub_1",
      object: "subscription",
      customer: "cus_1",
      status: "active",
      cancel_at_period_end: false,
      canceled_at: null,
      trial_end: null,
      metadata: { lumen_user_id: "u-1" },
      items: { data: [{ ...PERIOD, price: { lookup_key: "lumen-tier-2-year", ...price } }] },
      ...over,
    },
  },
});

describe("readProviderEvent: subscriptions", () => {
  it("reads the plan from the price's lookup key and the period from the item", () => {
    expect(readProviderEvent("customer.subscription.updated", subscription())).toEqual({
      kind: "subscription",
      subscriptionId: "sub_1",
      customerId: "cus_1",
      metadata: { lumen_user_id: "u-1" },
      change: {
        kind: "snapshot",
        state: {
          tier: "tier-2",
          interval: "year",
          status: "active",
          cancelAtPeriodEnd: false,
          currentPeriodStart: new Date(PERIOD.current_period_start * 1000),
          currentPeriodEnd: new Date(PERIOD.current_period_end * 1000),
          trialEnd: null,
          canceledAt: null,
        },
      },
    });
  });

  it("falls back to the price's metadata, then the subscription's", () => {
    const byPrice = readProviderEvent(
      "customer.subscription.created",
      subscription(
        {},
        { lookup_key: null, metadata: { lumen_tier: "tier-1" }, recurring: { interval: "month" } },
      ),
    );
    expect(byPrice).toMatchObject({ change: { state: { tier: "tier-1", interval: "month" } } });
    const bySubscription = readProviderEvent(
      "customer.subscription.created",
      subscription(
        { metadata: { lumen_tier: "tier-3", lumen_interval: "year" } },
        { lookup_key: null },
      ),
    );
    expect(bySubscription).toMatchObject({
      change: { state: { tier: "tier-3", interval: "year" } },
    });
  });

  it("takes the period from the subscription itself in older API versions", () => {
    const old = subscription({
      ...PERIOD,
      items: { data: [{ price: { lookup_key: "lumen-tier-0-month" } }] },
    });
    expect(readProviderEvent("customer.subscription.updated", old)).toMatchObject({
      change: {
        state: { tier: "tier-0", currentPeriodEnd: new Date(PERIOD.current_period_end * 1000) },
      },
    });
  });

  it("counts `cancel_at` at or before the period's end as cancelling at period end", () => {
    const atEnd = subscription({ cancel_at: PERIOD.current_period_end });
    expect(readProviderEvent("customer.subscription.updated", atEnd)).toMatchObject({
      change: { state: { cancelAtPeriodEnd: true } },
    });
    const later = subscription({ cancel_at: PERIOD.current_period_end + 86_400 * 60 });
    expect(readProviderEvent("customer.subscription.updated", later)).toMatchObject({
      change: { state: { cancelAtPeriodEnd: false } },
    });
  });

  it.each([
    ["unpaid", "past_due"],
    ["incomplete_expired", "canceled"],
    ["paused", "incomplete"],
    ["trialing", "trialing"],
    ["canceled", "canceled"],
  ])("maps Stripe's %s to %s", (status, ours) => {
    expect(
      readProviderEvent("customer.subscription.updated", subscription({ status })),
    ).toMatchObject({
      change: { state: { status: ours } },
    });
  });

  it("ignores a price that is not ours, and a subscription with no period", () => {
    expect(
      readProviderEvent(
        "customer.subscription.updated",
        subscription({}, { lookup_key: "other-plan" }),
      ),
    ).toEqual({ kind: "ignored", reason: "not one of our prices", subscriptionId: "sub_1" });
    expect(
      readProviderEvent(
        "customer.subscription.updated",
        subscription({ items: { data: [{ price: { lookup_key: "lumen-tier-0-month" } }] } }),
      ),
    ).toMatchObject({ kind: "ignored", reason: "no current period" });
  });
});

describe("readProviderEvent: invoices and checkouts", () => {
  const lines = {
    data: [{ period: { start: 100, end: 200 } }, { period: { start: 150, end: 400 } }],
  };

  it("finds the subscription under parent.subscription_details, or the older `subscription`", () => {
    const current = {
      data: {
        object: {
          customer: "cus_1",
          parent: { subscription_details: { subscription: "sub_1" } },
          lines,
        },
      },
    };
    expect(readProviderEvent("invoice.paid", current)).toEqual({
      kind: "invoice",
      subscriptionId: "sub_1",
      customerId: "cus_1",
      change: {
        kind: "payment_succeeded",
        periodStart: new Date(150_000),
        periodEnd: new Date(400_000),
      },
    });
    const older = {
      data: { object: { customer: { id: "cus_1" }, subscription: { id: "sub_2" } } },
    };
    expect(readProviderEvent("invoice.payment_failed", older)).toEqual({
      kind: "invoice",
      subscriptionId: "sub_2",
      customerId: "cus_1",
      change: { kind: "payment_failed" },
    });
    expect(
      readProviderEvent("invoice.paid", { data: { object: { customer: "cus_1" } } }),
    ).toMatchObject({
      kind: "ignored",
    });
  });

  it("reads a checkout's payment and the trial our metadata asked for", () => {
    const session = (over: Record<string, unknown>) => ({
      data: { object: { id: "cs_1", customer: "cus_1", subscription: "sub_1", ...over } },
    });
    expect(
      readProviderEvent("checkout.session.completed", session({ payment_status: "paid" })),
    ).toEqual({
      kind: "checkout",
      outcome: "completed",
      sessionId: "cs_1",
      subscriptionId: "sub_1",
      customerId: "cus_1",
      paid: true,
      trialDays: 0,
    });
    expect(
      readProviderEvent(
        "checkout.session.completed",
        session({ payment_status: "no_payment_required", metadata: { lumen_trial_days: "14" } }),
      ),
    ).toMatchObject({ paid: true, trialDays: 14 });
    expect(
      readProviderEvent("checkout.session.completed", session({ payment_status: "unpaid" })),
    ).toMatchObject({
      paid: false,
    });
    expect(
      readProviderEvent("checkout.session.async_payment_succeeded", session({})),
    ).toMatchObject({ paid: true });
    expect(readProviderEvent("checkout.session.expired", session({}))).toMatchObject({
      outcome: "expired",
    });
  });

  it("ignores other types and payloads without data.object, never throwing", () => {
    expect(readProviderEvent("customer.created", { data: { object: {} } })).toMatchObject({
      kind: "ignored",
    });
    for (const payload of [null, 1, "x", [], { data: null }, { data: { object: null } }]) {
      expect(readProviderEvent("customer.subscription.updated", payload).kind).toBe("ignored");
    }
    const huge = subscription({
      ...PERIOD,
      items: {
        data: [
          {
            current_period_start: 1e15,
            current_period_end: 1e15,
            price: { lookup_key: "lumen-tier-0-month" },
          },
        ],
      },
    });
    expect(readProviderEvent("customer.subscription.updated", huge).kind).toBe("ignored");
  });
});
