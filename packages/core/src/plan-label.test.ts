import { describe, expect, it } from "vitest";
import {
  CREDIT_ALLOWANCES,
  isCreditTier,
  isPlanTier,
  PLAN_TIERS,
  planLabel,
} from "./plan-label.ts";

describe("planLabel (spec section 4: Plan labels)", () => {
  it.each([
    // "free is "Free plan"; tier-0 is "Starter plan""
    ["free", "Free plan"],
    ["tier-0", "Starter plan"],
    // "tier-1 to tier-4 show "{allowance} Credits"" with "tier-1 100, tier-2 250, tier-3 500, tier-4 1000"
    ["tier-1", "100 Credits"],
    ["tier-2", "250 Credits"],
    ["tier-3", "500 Credits"],
    ["tier-4", "1000 Credits"],
    // "instance-tier-internal-staff is "Internal Staff"; instance-tier-external-partner is "External Partner""
    ["instance-tier-internal-staff", "Internal Staff"],
    ["instance-tier-external-partner", "External Partner"],
  ] as const)("labels %s as %s", (tier, label) => {
    expect(planLabel(tier)).toBe(label);
  });
});

describe("plan tiers (spec section 3) and allowances (spec section 9)", () => {
  it("lists free, tier-0 to tier-4 and the two instance tiers", () => {
    expect(PLAN_TIERS).toEqual([
      "free",
      "tier-0",
      "tier-1",
      "tier-2",
      "tier-3",
      "tier-4",
      "instance-tier-internal-staff",
      "instance-tier-external-partner",
    ]);
  });

  it("gives the credit allowances tier-1 100, tier-2 250, tier-3 500, tier-4 1000", () => {
    expect(CREDIT_ALLOWANCES).toEqual({
      "tier-1": 100,
      "tier-2": 250,
      "tier-3": 500,
      "tier-4": 1000,
    });
  });

  it("treats only tier-1 to tier-4 as credit tiers", () => {
    expect(PLAN_TIERS.filter(isCreditTier)).toEqual(["tier-1", "tier-2", "tier-3", "tier-4"]);
  });

  it("recognises tier names and rejects others", () => {
    expect(isPlanTier("tier-4")).toBe(true);
    expect(isPlanTier("tier-5")).toBe(false);
    expect(isPlanTier("toString")).toBe(false);
  });
});
