import { describe, expect, it } from "vitest";
import {
  DEFAULT_BILLING_GRACE_DAYS,
  isGrantActive,
  type PlanGrantFacts,
  planInForce,
  type SubscriptionFacts,
  subscriptionAccess,
} from "./subscription-access.ts";

const START = new Date("2026-03-01T12:00:00Z");
const END = new Date("2026-04-01T12:00:00Z");
const at = (iso: string) => new Date(iso);

const sub = (overrides: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  tier: "tier-0",
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodStart: START,
  currentPeriodEnd: END,
  trialEnd: null,
  ...overrides,
});

const grant = (overrides: Partial<PlanGrantFacts> = {}): PlanGrantFacts => ({
  tier: "instance-tier-internal-staff",
  startsAt: at("2026-01-01T00:00:00Z"),
  endsAt: null,
  revokedAt: null,
  ...overrides,
});

describe("subscriptionAccess (BILLING_GRACE_DAYS: 7 by default)", () => {
  it("uses BILLING_GRACE_DAYS' default of 7 days", () => {
    expect(DEFAULT_BILLING_GRACE_DAYS).toBe(7);
  });

  it("active: access through the period and 7 days after (a late renewal), credits only within it", () => {
    expect(subscriptionAccess(sub(), at("2026-03-31T12:00:00Z"))).toEqual({
      active: true,
      until: at("2026-04-08T12:00:00Z"),
      graceUntil: null,
      paid: true,
    });
    expect(subscriptionAccess(sub(), at("2026-04-02T00:00:00Z"))).toMatchObject({
      active: true,
      paid: false,
    });
    expect(subscriptionAccess(sub(), at("2026-04-08T12:00:00Z")).active).toBe(false);
  });

  it("trialing: access until the trial ends (plus the grace for the first payment), no credits", () => {
    const trial = sub({ status: "trialing", trialEnd: at("2026-03-15T12:00:00Z") });
    expect(subscriptionAccess(trial, at("2026-03-10T00:00:00Z"))).toEqual({
      active: true,
      until: at("2026-03-22T12:00:00Z"),
      graceUntil: null,
      paid: false,
    });
    expect(subscriptionAccess(trial, at("2026-03-22T12:00:00Z")).active).toBe(false);
  });

  it("canceled at the period's end: access until that end exactly, none after", () => {
    const canceling = sub({ cancelAtPeriodEnd: true });
    expect(subscriptionAccess(canceling, at("2026-04-01T11:59:59Z"))).toMatchObject({
      active: true,
      until: END,
      paid: true,
    });
    expect(subscriptionAccess(canceling, at("2026-04-01T12:00:00Z")).active).toBe(false);
  });

  it("past_due: 7 days of grace from the period's start, reported as graceUntil, no credits", () => {
    const pastDue = sub({ status: "past_due" });
    const graceEnd = at("2026-03-08T12:00:00Z");
    expect(subscriptionAccess(pastDue, at("2026-03-05T00:00:00Z"), 7)).toEqual({
      active: true,
      until: graceEnd,
      graceUntil: graceEnd,
      paid: false,
    });
    expect(subscriptionAccess(pastDue, graceEnd, 7).active).toBe(false);
    // BILLING_GRACE_DAYS=0: no grace at all.
    expect(subscriptionAccess(pastDue, at("2026-03-01T12:00:01Z"), 0).active).toBe(false);
  });

  it.each(["canceled", "incomplete", "paused", ""])("%j: no access", (status) => {
    expect(subscriptionAccess(sub({ status }), at("2026-03-10T00:00:00Z"))).toEqual({
      active: false,
      until: null,
      graceUntil: null,
      paid: false,
    });
  });
});

describe("isGrantActive", () => {
  const now = at("2026-03-10T00:00:00Z");
  it("counts from its start until it ends or is revoked", () => {
    expect(isGrantActive(grant(), now)).toBe(true);
    expect(isGrantActive(grant({ startsAt: at("2026-03-11T00:00:00Z") }), now)).toBe(false);
    expect(isGrantActive(grant({ endsAt: at("2026-03-10T00:00:00Z") }), now)).toBe(false);
    expect(isGrantActive(grant({ endsAt: at("2026-03-11T00:00:00Z") }), now)).toBe(true);
    expect(isGrantActive(grant({ revokedAt: at("2026-03-09T00:00:00Z") }), now)).toBe(false);
  });
});

describe("planInForce", () => {
  const now = at("2026-03-10T00:00:00Z");

  it("is the free plan with nothing, and tells a lapsed learner what ended", () => {
    expect(planInForce([], [], now)).toEqual({
      tier: "free",
      source: "free",
      subscription: null,
      grant: null,
    });
    const old = sub({ status: "canceled", currentPeriodEnd: at("2026-02-01T00:00:00Z") });
    const lapsed = planInForce([old], [], now);
    expect(lapsed).toMatchObject({ tier: "free", source: "free" });
    expect(lapsed.subscription?.row).toBe(old);
  });

  it("takes the best of a subscription and a grant", () => {
    const starter = sub({ tier: "tier-0" });
    const staff = grant();
    expect(planInForce([starter], [staff], now)).toMatchObject({
      tier: "instance-tier-internal-staff",
      source: "grant",
      grant: staff,
      subscription: { row: starter },
    });
    const credits = sub({ tier: "tier-3" });
    expect(planInForce([credits], [grant({ tier: "tier-0" })], now)).toMatchObject({
      tier: "tier-3",
      source: "subscription",
      grant: null,
    });
  });

  it("prefers the subscription on a tie, and ignores what gives no access", () => {
    const paid = sub({ tier: "tier-2" });
    expect(planInForce([paid], [grant({ tier: "tier-2" })], now).source).toBe("subscription");
    const ended = sub({ tier: "tier-4", status: "canceled" });
    expect(planInForce([ended, paid], [], now)).toMatchObject({
      tier: "tier-2",
      subscription: { row: paid },
    });
    const revoked = grant({ revokedAt: at("2026-03-01T00:00:00Z") });
    expect(planInForce([], [revoked], now).tier).toBe("free");
  });

  it("treats an unknown tier as free", () => {
    expect(planInForce([sub({ tier: "tier-99" })], [], now).tier).toBe("free");
  });
});
