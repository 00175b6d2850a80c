import type { AdminBillingEvent, AdminPlanGrant, AdminSubscriptionRow } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { eventOutcome, grantState, rowPeriodEnd, rowStatus, tierOptionLabel } from "./format.ts";

const day = (iso: string) => iso.slice(0, 10);

const subscription = {
  id: "s1",
  provider: "local",
  providerSubscriptionId: "sub_1",
  tier: "tier-0" as const,
  label: "Starter plan",
  interval: "month",
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodStart: "2027-02-03T00:00:00Z",
  currentPeriodEnd: "2027-03-03T00:00:00Z",
  trialEnd: null,
  canceledAt: null,
  active: true,
  graceUntil: null,
  createdAt: "2027-02-03T00:00:00Z",
  updatedAt: "2027-02-03T00:00:00Z",
};

const grant: AdminPlanGrant = {
  id: "g1",
  tier: "instance-tier-internal-staff",
  label: "Internal Staff",
  reason: "Joined the team",
  grantedBy: { id: "a1", email: "admin@example.com" },
  startsAt: "2027-01-01T00:00:00Z",
  endsAt: null,
  revokedAt: null,
  active: true,
};

const row = (over: Partial<AdminSubscriptionRow>): AdminSubscriptionRow => ({
  user: { id: "u1", email: "ada@example.com", displayName: null },
  tier: "free",
  label: "Free plan",
  source: "free",
  subscription: null,
  grant: null,
  balance: 0,
  ...over,
});

describe("a row of the subscriptions list", () => {
  it("shows its subscription's status and the period's end", () => {
    expect(rowStatus(row({ subscription }))).toEqual({ label: "Active", tone: "success" });
    expect(rowPeriodEnd(row({ subscription }), day)).toBe("2027-03-03");
    expect(
      rowStatus(row({ subscription: { ...subscription, cancelAtPeriodEnd: true } })).label,
    ).toBe("Active, canceling");
  });

  it("gives a failed payment's grace date", () => {
    const pastDue = { ...subscription, status: "past_due", graceUntil: "2027-03-10T00:00:00Z" };
    expect(rowStatus(row({ subscription: pastDue }))).toEqual({
      label: "Past due",
      tone: "warning",
    });
    expect(rowPeriodEnd(row({ subscription: pastDue }), day)).toBe("grace until 2027-03-10");
  });

  it("names an admin's grant, and free accounts", () => {
    expect(rowStatus(row({ grant }))).toEqual({ label: "Granted", tone: "brand" });
    expect(rowPeriodEnd(row({ grant }), day)).toBe("until revoked");
    expect(rowPeriodEnd(row({ grant: { ...grant, endsAt: "2027-06-01T00:00:00Z" } }), day)).toBe(
      "2027-06-01",
    );
    expect(rowStatus(row({}))).toEqual({ label: "Free", tone: "neutral" });
    expect(rowPeriodEnd(row({}), day)).toBe("—");
  });
});

describe("a billing event", () => {
  const event: AdminBillingEvent = {
    provider: "local",
    eventId: "evt_1",
    type: "invoice.payment_failed",
    providerSubscriptionId: "sub_1",
    occurredAt: "2027-03-03T00:00:00Z",
    receivedAt: "2027-03-03T00:00:01Z",
    processedAt: null,
    attempts: 0,
    lastError: null,
  };

  it("is processed, failed with its error, or waiting", () => {
    expect(eventOutcome({ ...event, processedAt: "2027-03-03T00:00:02Z" }, day)).toEqual({
      label: "Processed 2027-03-03",
      tone: "success",
    });
    expect(eventOutcome({ ...event, attempts: 3, lastError: "no such customer" }, day)).toEqual({
      label: "Error after 3 attempts",
      tone: "warning",
      detail: "no such customer",
    });
    expect(eventOutcome(event, day).label).toBe("Not processed yet");
  });
});

describe("a plan grant", () => {
  it("says whether it is in force, ended or revoked", () => {
    expect(grantState(grant, day)).toBe("in force until revoked");
    expect(grantState({ ...grant, endsAt: "2027-06-01T00:00:00Z" }, day)).toBe(
      "in force until 2027-06-01",
    );
    expect(grantState({ ...grant, active: false, revokedAt: "2027-02-01T00:00:00Z" }, day)).toBe(
      "revoked 2027-02-01",
    );
  });

  it("names tiers as learners see them", () => {
    expect(tierOptionLabel("tier-0")).toBe("Starter plan (tier-0)");
    expect(tierOptionLabel("tier-2")).toBe("250 Credits (tier-2)");
    expect(tierOptionLabel("instance-tier-external-partner")).toBe(
      "External Partner (instance-tier-external-partner)",
    );
  });
});
