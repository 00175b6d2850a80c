import { describe, expect, it } from "vitest";
import {
  accessUntil,
  addInterval,
  applySubscriptionChange,
  graceUntil,
  grantsAccess,
  isOlderThanState,
  isSubscriptionLive,
  prorate,
  type SubscriptionChange,
  type SubscriptionState,
} from "./subscription-state.ts";

const at = (iso: string) => new Date(iso);

const active: SubscriptionState = {
  tier: "tier-0",
  interval: "month",
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodStart: at("2026-03-01T00:00:00Z"),
  currentPeriodEnd: at("2026-04-01T00:00:00Z"),
  trialEnd: null,
  canceledAt: null,
  stateAt: at("2026-03-01T00:00:10Z"),
};

const snapshot = (over: Partial<SubscriptionState>): SubscriptionChange => {
  const { stateAt: _, ...state } = { ...active, ...over };
  return { kind: "snapshot", state };
};

describe("applySubscriptionChange: events in order", () => {
  it("creates the state from the first snapshot, dated by its event", () => {
    const result = applySubscriptionChange(null, snapshot({}), at("2026-03-01T00:00:10Z"));
    expect(result).toEqual({ applied: true, state: active });
  });

  it("moves through cancel at period end, resume and cancel", () => {
    const canceling = applySubscriptionChange(
      active,
      snapshot({ cancelAtPeriodEnd: true, canceledAt: at("2026-03-10T00:00:00Z") }),
      at("2026-03-10T00:00:00Z"),
    );
    expect(canceling.applied && canceling.state.cancelAtPeriodEnd).toBe(true);
    const resumed = applySubscriptionChange(
      canceling.state,
      snapshot({ cancelAtPeriodEnd: false }),
      at("2026-03-11T00:00:00Z"),
    );
    expect(resumed.state?.cancelAtPeriodEnd).toBe(false);
    const ended = applySubscriptionChange(
      resumed.state,
      snapshot({ status: "canceled", canceledAt: at("2026-03-12T00:00:00Z") }),
      at("2026-03-12T00:00:00Z"),
    );
    expect(ended).toMatchObject({ applied: true, state: { status: "canceled" } });
  });

  it("records an upgrade as the provider reports it", () => {
    const upgraded = applySubscriptionChange(
      active,
      snapshot({ tier: "tier-2" }),
      at("2026-03-15T00:00:00Z"),
    );
    expect(upgraded.state).toMatchObject({ tier: "tier-2", stateAt: at("2026-03-15T00:00:00Z") });
  });
});

describe("applySubscriptionChange: an older event never overwrites a newer state", () => {
  it("ignores a snapshot older than the state", () => {
    const result = applySubscriptionChange(
      { ...active, cancelAtPeriodEnd: true, stateAt: at("2026-03-10T00:00:00Z") },
      snapshot({ cancelAtPeriodEnd: false }),
      at("2026-03-09T00:00:00Z"),
    );
    expect(result).toMatchObject({ applied: false, reason: "older" });
    expect(result.state?.cancelAtPeriodEnd).toBe(true);
  });

  it("ends in the same state whichever order a pair arrives in", () => {
    const first = snapshot({ status: "past_due" });
    const second = snapshot({ status: "active", tier: "tier-1" });
    const t1 = at("2026-03-20T00:00:00Z");
    const t2 = at("2026-03-21T00:00:00Z");
    const inOrder = applySubscriptionChange(
      applySubscriptionChange(null, first, t1).state,
      second,
      t2,
    );
    const reversed = applySubscriptionChange(
      applySubscriptionChange(null, second, t2).state,
      first,
      t1,
    );
    expect(reversed.state).toEqual(inOrder.state);
    expect(reversed.state).toMatchObject({ status: "active", tier: "tier-1" });
  });

  it("applies a second event of the same second, except one that revives a cancellation", () => {
    const same = active.stateAt;
    expect(
      applySubscriptionChange(active, snapshot({ cancelAtPeriodEnd: true }), same).applied,
    ).toBe(true);
    const canceled = { ...active, status: "canceled" as const };
    expect(applySubscriptionChange(canceled, snapshot({ status: "active" }), same)).toMatchObject({
      applied: false,
      reason: "older",
    });
    expect(isOlderThanState(same, canceled, "canceled")).toBe(false);
  });

  it("ignores an invoice older than the state", () => {
    const result = applySubscriptionChange(
      active,
      { kind: "payment_failed" },
      at("2026-03-01T00:00:00Z"),
    );
    expect(result).toMatchObject({ applied: false, reason: "older" });
  });
});

describe("applySubscriptionChange: invoices", () => {
  it("a failed payment makes an active subscription past due", () => {
    const result = applySubscriptionChange(
      active,
      { kind: "payment_failed" },
      at("2026-04-01T01:00:00Z"),
    );
    expect(result).toMatchObject({ applied: true, state: { status: "past_due" } });
  });

  it("a paid invoice after past_due makes it active again, with the invoice's period", () => {
    const pastDue = { ...active, status: "past_due" as const, stateAt: at("2026-04-01T01:00:00Z") };
    const result = applySubscriptionChange(
      pastDue,
      {
        kind: "payment_succeeded",
        periodStart: at("2026-04-01T00:00:00Z"),
        periodEnd: at("2026-05-01T00:00:00Z"),
      },
      at("2026-04-03T00:00:00Z"),
    );
    expect(result.state).toMatchObject({
      status: "active",
      currentPeriodStart: at("2026-04-01T00:00:00Z"),
      currentPeriodEnd: at("2026-05-01T00:00:00Z"),
    });
  });

  it("a paid renewal after a trial ends the trial", () => {
    const trial = { ...active, status: "trialing" as const, trialEnd: active.currentPeriodEnd };
    const result = applySubscriptionChange(
      trial,
      {
        kind: "payment_succeeded",
        periodStart: at("2026-04-01T00:00:00Z"),
        periodEnd: at("2026-05-01T00:00:00Z"),
      },
      at("2026-04-01T00:00:05Z"),
    );
    expect(result.state?.status).toBe("active");
  });

  it("a paid proration inside the period changes nothing", () => {
    const result = applySubscriptionChange(
      active,
      {
        kind: "payment_succeeded",
        periodStart: at("2026-03-15T00:00:00Z"),
        periodEnd: active.currentPeriodEnd,
      },
      at("2026-03-15T00:00:00Z"),
    );
    expect(result).toMatchObject({ applied: false, reason: "no-effect" });
  });

  it("an invoice never creates or revives a subscription", () => {
    expect(
      applySubscriptionChange(null, { kind: "payment_failed" }, at("2026-03-02T00:00:00Z")),
    ).toMatchObject({
      applied: false,
      reason: "unknown-subscription",
    });
    const canceled = { ...active, status: "canceled" as const };
    expect(
      applySubscriptionChange(
        canceled,
        { kind: "payment_succeeded", periodStart: null, periodEnd: null },
        at("2026-03-02T00:00:00Z"),
      ),
    ).toMatchObject({ applied: false, reason: "canceled" });
  });
});

describe("access", () => {
  const grace = 7;

  it("an active subscription gives access through its period and the grace days after", () => {
    expect(accessUntil(active, grace)).toEqual(at("2026-04-08T00:00:00Z"));
    expect(grantsAccess(active, at("2026-04-07T23:59:59Z"), grace)).toBe(true);
    expect(grantsAccess(active, at("2026-04-08T00:00:00Z"), grace)).toBe(false);
  });

  it("one canceled at period end keeps access to the end exactly", () => {
    const canceling = { ...active, cancelAtPeriodEnd: true };
    expect(grantsAccess(canceling, at("2026-03-31T23:59:59Z"), grace)).toBe(true);
    expect(grantsAccess(canceling, at("2026-04-01T00:00:00Z"), grace)).toBe(false);
  });

  it("past_due keeps access for the grace days from the failed period's start", () => {
    const pastDue = {
      ...active,
      status: "past_due" as const,
      currentPeriodStart: at("2026-04-01T00:00:00Z"),
      currentPeriodEnd: at("2026-05-01T00:00:00Z"),
    };
    expect(graceUntil(pastDue, grace)).toEqual(at("2026-04-08T00:00:00Z"));
    expect(grantsAccess(pastDue, at("2026-04-07T00:00:00Z"), grace)).toBe(true);
    expect(grantsAccess(pastDue, at("2026-04-09T00:00:00Z"), grace)).toBe(false);
    expect(graceUntil(active, grace)).toBeNull();
  });

  it("a trial gives access until the trial ends, plus grace for the first payment", () => {
    const trial = { ...active, status: "trialing" as const, trialEnd: at("2026-03-15T00:00:00Z") };
    expect(accessUntil(trial, grace)).toEqual(at("2026-03-22T00:00:00Z"));
  });

  it("canceled and incomplete give nothing", () => {
    expect(grantsAccess({ ...active, status: "canceled" }, at("2026-03-05T00:00:00Z"), grace)).toBe(
      false,
    );
    expect(
      grantsAccess({ ...active, status: "incomplete" }, at("2026-03-05T00:00:00Z"), grace),
    ).toBe(false);
  });

  it("a subscription is live while the provider may still charge it", () => {
    const now = at("2026-03-05T00:00:00Z");
    expect(isSubscriptionLive(active, now)).toBe(true);
    expect(isSubscriptionLive({ ...active, status: "past_due" }, at("2027-01-01T00:00:00Z"))).toBe(
      true,
    );
    expect(isSubscriptionLive({ ...active, cancelAtPeriodEnd: true }, now)).toBe(true);
    expect(
      isSubscriptionLive({ ...active, cancelAtPeriodEnd: true }, at("2026-04-01T00:00:00Z")),
    ).toBe(false);
    expect(isSubscriptionLive({ ...active, status: "canceled" }, now)).toBe(false);
    expect(isSubscriptionLive({ ...active, status: "incomplete" }, now)).toBe(false);
  });
});

describe("addInterval", () => {
  it.each([
    ["2026-01-15T10:00:00Z", "month", "2026-02-15T10:00:00Z"],
    ["2026-01-31T10:00:00Z", "month", "2026-02-28T10:00:00Z"],
    ["2028-01-31T00:00:00Z", "month", "2028-02-29T00:00:00Z"],
    ["2026-12-31T00:00:00Z", "month", "2027-01-31T00:00:00Z"],
    ["2028-02-29T00:00:00Z", "year", "2029-02-28T00:00:00Z"],
  ] as const)("%s plus a %s is %s", (from, interval, to) => {
    expect(addInterval(at(from), interval)).toEqual(at(to));
  });
});

describe("prorate", () => {
  const period = { periodStart: at("2026-03-01T00:00:00Z"), periodEnd: at("2026-03-31T00:00:00Z") };

  it("charges the difference for the half period left on an upgrade", () => {
    expect(
      prorate({
        ...period,
        fromAmount: 1000,
        toAmount: 3000,
        at: at("2026-03-16T00:00:00Z"),
        newPeriod: false,
      }),
    ).toEqual({ credit: 500, charge: 1500, amount: 1000 });
  });

  it("credits the difference on a downgrade", () => {
    expect(
      prorate({
        ...period,
        fromAmount: 3000,
        toAmount: 1000,
        at: at("2026-03-16T00:00:00Z"),
        newPeriod: false,
      }),
    ).toMatchObject({ amount: -1000 });
  });

  it("charges a whole new period less the unused time when the interval changes", () => {
    expect(
      prorate({
        ...period,
        fromAmount: 1000,
        toAmount: 10000,
        at: at("2026-03-16T00:00:00Z"),
        newPeriod: true,
      }),
    ).toEqual({ credit: 500, charge: 10000, amount: 9500 });
  });
});
