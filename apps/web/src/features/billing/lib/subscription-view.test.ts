import type { SubscriptionView } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { changeLabel, formatDay, planChange, subscriptionLine } from "./subscription-view.ts";

const day = formatDay("en-US", "UTC");
const sub = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  tier: "tier-0",
  label: "Starter plan",
  interval: "month",
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: "2027-07-15T10:00:00.000Z",
  trialEnd: null,
  graceUntil: null,
  ...over,
});

describe("subscriptionLine", () => {
  it("says when an active plan renews", () => {
    expect(subscriptionLine(sub(), day)).toBe("Renews on July 15, 2027.");
  });

  it("says a canceled-at-period-end plan stays active until then", () => {
    expect(subscriptionLine(sub({ cancelAtPeriodEnd: true }), day)).toBe(
      "Your plan stays active until July 15, 2027.",
    );
  });

  it("explains a failed payment with its grace period", () => {
    expect(
      subscriptionLine(sub({ status: "past_due", graceUntil: "2027-07-22T00:00:00Z" }), day),
    ).toContain("stays active until July 22, 2027");
    expect(subscriptionLine(sub({ status: "past_due" }), day)).toBe(
      "Your last payment did not go through.",
    );
  });

  it("names the end of a trial and of a plan that ended", () => {
    expect(
      subscriptionLine(sub({ status: "trialing", trialEnd: "2027-07-01T00:00:00Z" }), day),
    ).toBe("Your trial ends on July 1, 2027.");
    expect(subscriptionLine(sub({ status: "canceled" }), day)).toBe(
      "Your plan ended on July 15, 2027.",
    );
  });
});

describe("planChange", () => {
  it("tells an upgrade from a downgrade and a change of interval", () => {
    const now = { tier: "tier-1", interval: "month" } as const;
    expect(planChange(now, { tier: "tier-1", interval: "month" })).toBe("none");
    expect(planChange(now, { tier: "tier-1", interval: "year" })).toBe("interval");
    expect(planChange(now, { tier: "tier-3", interval: "month" })).toBe("upgrade");
    expect(planChange(now, { tier: "tier-0", interval: "year" })).toBe("downgrade");
  });

  it("words the change button", () => {
    expect(changeLabel("upgrade", "500 Credits", "month")).toBe("Upgrade to 500 Credits");
    expect(changeLabel("downgrade", "Starter plan", "month")).toBe("Downgrade to Starter plan");
    expect(changeLabel("interval", "Starter plan", "year")).toBe("Switch to yearly billing");
    expect(changeLabel("none", "Starter plan", "month")).toBe("This is your plan");
  });
});
