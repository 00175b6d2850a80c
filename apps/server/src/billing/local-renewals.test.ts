import type { SubscriptionState } from "@lumen/core";
import { describe, expect, it } from "vitest";
import { dueChange } from "./local-renewals.ts";

const at = (iso: string) => new Date(iso);
const state: SubscriptionState = {
  tier: "tier-0",
  interval: "month",
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodStart: at("2026-01-31T00:00:00Z"),
  currentPeriodEnd: at("2026-02-28T00:00:00Z"),
  trialEnd: null,
  canceledAt: null,
  stateAt: at("2026-01-31T00:00:00Z"),
};

describe("what the local provider's clock does at a period's end", () => {
  it("nothing before the end", () => {
    expect(dueChange(state, at("2026-02-27T23:59:59Z"), 7)).toBeNull();
  });

  it("renews at the end, catching up on periods missed while the server was off", () => {
    expect(dueChange(state, at("2026-02-28T00:00:00Z"), 7)).toEqual({
      kind: "renew",
      start: at("2026-02-28T00:00:00Z"),
      end: at("2026-03-28T00:00:00Z"),
    });
    expect(dueChange(state, at("2026-05-01T00:00:00Z"), 7)).toEqual({
      kind: "renew",
      start: at("2026-04-28T00:00:00Z"),
      end: at("2026-05-28T00:00:00Z"),
    });
  });

  it("ends a plan canceled at period end, and a past-due one after its grace", () => {
    expect(dueChange({ ...state, cancelAtPeriodEnd: true }, at("2026-02-28T00:00:00Z"), 7)).toEqual(
      {
        kind: "end",
      },
    );
    const pastDue = { ...state, status: "past_due" as const };
    expect(dueChange(pastDue, at("2026-02-06T23:00:00Z"), 7)).toBeNull();
    expect(dueChange(pastDue, at("2026-02-07T00:00:00Z"), 7)).toEqual({ kind: "end" });
  });

  it("leaves canceled and incomplete subscriptions alone", () => {
    expect(dueChange({ ...state, status: "canceled" }, at("2027-01-01T00:00:00Z"), 7)).toBeNull();
    expect(dueChange({ ...state, status: "incomplete" }, at("2027-01-01T00:00:00Z"), 7)).toBeNull();
  });
});
