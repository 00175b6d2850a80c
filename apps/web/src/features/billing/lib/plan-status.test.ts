import type { CreditEntry, MyPlanAnswer, SubscriptionView } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import {
  canManage,
  creditsText,
  formatDay,
  hasCredits,
  ledgerLine,
  nextGrantText,
  pastDueNotice,
  planSourceText,
  subscriptionWords,
} from "./plan-status.ts";

const day = (iso: string) => formatDay(iso, "en-US", "UTC");

const starter: SubscriptionView = {
  tier: "tier-0",
  label: "Starter plan",
  interval: "month",
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: "2027-03-03T10:00:00.000Z",
  trialEnd: null,
  graceUntil: null,
};

const credits = (over: Partial<MyPlanAnswer["credits"]> = {}) => ({
  credits: { balance: 0, nextGrantAt: null, nextGrantAmount: 0, ...over },
});

describe("the subscription's state in words", () => {
  it("says when an active plan renews, and how often", () => {
    expect(subscriptionWords(starter, day)).toEqual({
      tone: "success",
      label: "Active",
      detail: "Renews monthly on March 3, 2027.",
    });
    expect(subscriptionWords({ ...starter, interval: "year" }, day).detail).toBe(
      "Renews yearly on March 3, 2027.",
    );
  });

  it("gives a failed payment's grace date and the plan at stake", () => {
    const words = subscriptionWords(
      { ...starter, status: "past_due", graceUntil: "2027-03-10T00:00:00.000Z" },
      day,
    );
    expect(words).toEqual({
      tone: "danger",
      label: "Payment failed",
      detail: "Update your card by March 10, 2027 to keep Starter plan.",
    });
  });

  it("says when a canceling plan ends, before its trial or renewal", () => {
    for (const status of ["active", "trialing"] as const) {
      const words = subscriptionWords({ ...starter, status, cancelAtPeriodEnd: true }, day);
      expect(words.label).toBe("Canceling");
      expect(words.detail).toMatch(/^Starter plan ends on March 3, 2027\./);
    }
  });

  it("names the trial's end, the cancellation's date and an unfinished payment", () => {
    expect(
      subscriptionWords(
        { ...starter, status: "trialing", trialEnd: "2027-02-01T00:00:00.000Z" },
        day,
      ).detail,
    ).toBe("Your trial ends on February 1, 2027. Then Starter plan renews monthly.");
    expect(subscriptionWords({ ...starter, status: "canceled" }, day)).toMatchObject({
      label: "Canceled",
      detail: "Starter plan ended on March 3, 2027.",
    });
    expect(subscriptionWords({ ...starter, status: "incomplete" }, day).label).toBe(
      "Payment not finished",
    );
  });
});

describe("the past-due banner", () => {
  it("reads as the issue words it, only while a payment has failed", () => {
    const pastDue = { ...starter, status: "past_due" as const, graceUntil: "2027-03-10T12:00:00Z" };
    expect(pastDueNotice({ subscription: pastDue }, day)).toBe(
      "Your payment failed — update your card by March 10, 2027 to keep Starter plan",
    );
    expect(pastDueNotice({ subscription: starter }, day)).toBeNull();
    expect(pastDueNotice({ subscription: null }, day)).toBeNull();
    expect(pastDueNotice(undefined, day)).toBeNull();
  });

  it("falls back to the period's end when the server gave no grace date", () => {
    expect(pastDueNotice({ subscription: { ...starter, status: "past_due" } }, day)).toContain(
      "by March 3, 2027",
    );
  });
});

describe("where the plan comes from", () => {
  it("names the subscription, an administrator's grant or the free plan", () => {
    expect(planSourceText({ source: "subscription" })).toBe("Through your subscription.");
    expect(planSourceText({ source: "grant" })).toBe("Granted to you by an administrator.");
    expect(planSourceText({ source: "free" })).toBe("Free, for as long as you like.");
  });

  it("offers the portal only for a subscription that has not ended", () => {
    expect(canManage({ subscription: starter })).toBe(true);
    expect(canManage({ subscription: { ...starter, status: "past_due" } })).toBe(true);
    expect(canManage({ subscription: { ...starter, status: "canceled" } })).toBe(false);
    expect(canManage({ subscription: null })).toBe(false);
  });
});

describe("credits", () => {
  it("are shown for a credit plan or a balance, not for a plan without them", () => {
    expect(hasCredits(credits())).toBe(false);
    expect(hasCredits(credits({ balance: 5 }))).toBe(true);
    expect(hasCredits(credits({ nextGrantAmount: 250 }))).toBe(true);
  });

  it("say how many come next and when", () => {
    expect(creditsText(1)).toBe("1 credit");
    expect(creditsText(1000)).toBe("1,000 credits");
    expect(
      nextGrantText(
        credits({ nextGrantAt: "2027-04-01T00:00:00Z", nextGrantAmount: 250 }).credits,
        day,
      ),
    ).toBe("250 credits on April 1, 2027");
    expect(nextGrantText(credits({ nextGrantAmount: 250 }).credits, day)).toBeNull();
  });
});

describe("a ledger line", () => {
  const entry = (over: Partial<CreditEntry>): CreditEntry => ({
    id: 1,
    amount: -3,
    kind: "debit",
    reason: "AI tutor chat",
    balanceAfter: 97,
    createdAt: "2027-03-01T00:00:00Z",
    ...over,
  });

  it("shows a use's cost with a minus sign and its reason", () => {
    expect(ledgerLine(entry({}))).toEqual({
      title: "AI tutor chat",
      amount: "\u22123",
      tone: "neutral",
    });
  });

  it("credits grants, and says an administrator's came with their reason", () => {
    expect(ledgerLine(entry({ kind: "grant", amount: 250, reason: "" }))).toEqual({
      title: "Your plan's credits",
      amount: "+250",
      tone: "success",
    });
    expect(
      ledgerLine(entry({ kind: "admin", amount: 40, reason: "Sorry for the outage" })).title,
    ).toBe("From an administrator: Sorry for the outage");
    expect(ledgerLine(entry({ kind: "expire", amount: -10, reason: "" })).title).toBe(
      "Unused credits expired",
    );
  });
});
