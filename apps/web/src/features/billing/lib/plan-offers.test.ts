import type { MyPlanAnswer, Plan } from "@lumen/contracts";
import { entitlementsOf, monthlyCreditsOf, type PlanTier, planLabel } from "@lumen/core";
import { describe, expect, it } from "vitest";
import {
  bestYearlySaving,
  comparedPlans,
  continueWithCurrentPlan,
  hasLiveSubscription,
  isLessonPath,
  lessonUnlockTier,
  perMonth,
  planAction,
  planFeatures,
  priceOf,
  yearlySavingPercent,
} from "./plan-offers.ts";

function plan(tier: PlanTier, prices: Plan["prices"] = null): Plan {
  return {
    tier,
    label: planLabel(tier),
    monthlyCredits: monthlyCreditsOf(tier),
    entitlements: entitlementsOf(tier),
    purchasable: prices !== null,
    prices,
  };
}

const free = plan("free");
const starter = plan("tier-0", { month: 999, year: 9990 });
const credits250 = plan("tier-2", { month: 2499, year: 24990 });
const staff = plan("instance-tier-internal-staff");

function myPlan(tier: PlanTier, subscription: Partial<MyPlanAnswer["subscription"]> | null = null) {
  return {
    tier,
    label: planLabel(tier),
    source: subscription ? "subscription" : tier === "free" ? "free" : "grant",
    entitlements: entitlementsOf(tier),
    subscription: subscription
      ? {
          tier,
          label: planLabel(tier),
          interval: "month",
          status: "active",
          cancelAtPeriodEnd: false,
          currentPeriodEnd: "2030-01-01T00:00:00.000Z",
          trialEnd: null,
          graceUntil: null,
          ...subscription,
        }
      : null,
    credits: { balance: 0, nextGrantAt: null, nextGrantAmount: 0 },
  } as MyPlanAnswer;
}

describe("prices", () => {
  it("gives the interval's price of a plan that is sold, and null otherwise", () => {
    expect(priceOf(starter, "month")).toBe(999);
    expect(priceOf(starter, "year")).toBe(9990);
    expect(priceOf(free, "month")).toBeNull();
  });

  it("says what a year saves in whole percent", () => {
    expect(yearlySavingPercent(starter)).toBe(17);
    expect(yearlySavingPercent(free)).toBeNull();
    expect(yearlySavingPercent(plan("tier-1", { month: 1000, year: 12000 }))).toBeNull();
    expect(yearlySavingPercent(plan("tier-1", { month: 1000, year: 6000 }))).toBe(50);
  });

  it("finds the best saving across plans, or none", () => {
    expect(bestYearlySaving([free, starter, plan("tier-1", { month: 1000, year: 9000 })])).toBe(25);
    expect(bestYearlySaving([free])).toBeNull();
  });

  it("spreads a year over its months", () => {
    expect(perMonth(9990)).toBe(833);
  });
});

describe("planFeatures", () => {
  it("lists the same lines for every plan, marking what each includes", () => {
    const freeLines = planFeatures(free);
    const bigLines = planFeatures(plan("tier-4", { month: 1, year: 1 }));
    expect(freeLines.map((f) => f.key)).toEqual(bigLines.map((f) => f.key));
    expect(freeLines[0]).toEqual({
      key: "lessons",
      text: "The first section of every track",
      included: true,
    });
    expect(freeLines.filter((f) => f.included)).toHaveLength(1);
    expect(bigLines.every((f) => f.included)).toBe(true);
    expect(bigLines[1]?.text).toBe("1000 AI credits every month");
  });

  it("gives Starter every lesson but no AI", () => {
    const lines = planFeatures(starter);
    expect(lines.find((f) => f.key === "lessons")?.text).toBe("Every lesson of every track");
    expect(lines.find((f) => f.key === "ai")?.included).toBe(false);
  });
});

describe("planAction", () => {
  it("lets a guest choose any plan that is sold", () => {
    expect(planAction(starter, undefined)).toBe("choose");
    expect(planAction(free, undefined)).toBe("none");
  });

  it("marks a free learner's current plan and offers the rest", () => {
    const mine = myPlan("free");
    expect(planAction(free, mine)).toBe("current");
    expect(planAction(starter, mine)).toBe("choose");
  });

  it("sends a subscriber to the portal instead of a second checkout", () => {
    const mine = myPlan("tier-0", { status: "active" });
    expect(planAction(starter, mine)).toBe("current");
    expect(planAction(credits250, mine)).toBe("manage");
    expect(planAction(free, mine)).toBe("none");
  });

  it("treats a past-due subscription as live and a canceled one as over", () => {
    expect(hasLiveSubscription(myPlan("tier-0", { status: "past_due" }))).toBe(true);
    expect(hasLiveSubscription(myPlan("tier-0", { status: "trialing" }))).toBe(true);
    expect(hasLiveSubscription(myPlan("tier-0", { status: "canceled" }))).toBe(false);
    expect(hasLiveSubscription(myPlan("tier-0", { status: "incomplete" }))).toBe(false);
    expect(hasLiveSubscription(undefined)).toBe(false);
  });

  it("says a plan below an admin grant is included", () => {
    const mine = myPlan("tier-3");
    expect(planAction(starter, mine)).toBe("included");
    expect(planAction(plan("tier-4", { month: 1, year: 1 }), mine)).toBe("choose");
  });
});

describe("comparedPlans", () => {
  it("keeps the free plan and the plans sold, cheapest first", () => {
    expect(comparedPlans([credits250, staff, starter, free]).map((p) => p.tier)).toEqual([
      "free",
      "tier-0",
      "tier-2",
    ]);
  });
});

describe("coming from a lesson", () => {
  const lesson = "/web/track/1/tutorial/103/chapter/10301/learn?lesson=2";

  it("recognises a lesson's address", () => {
    expect(isLessonPath(lesson)).toBe(true);
    expect(isLessonPath("/ssr/track/1/tutorial/103/chapter/10301/tutor")).toBe(true);
    expect(isLessonPath("/web/streak")).toBe(false);
    expect(isLessonPath(undefined)).toBe(false);
  });

  it("points out the cheapest plan that opens every lesson", () => {
    expect(lessonUnlockTier([free, credits250, starter], lesson)).toBe("tier-0");
    expect(lessonUnlockTier([free, credits250], lesson)).toBe("tier-2");
    expect(lessonUnlockTier([free, starter], "/web/streak")).toBeUndefined();
  });

  it("does not send a free learner back to the lesson they cannot open", () => {
    expect(continueWithCurrentPlan(lesson, myPlan("free"), "/home")).toBe("/home");
    expect(continueWithCurrentPlan(lesson, myPlan("tier-0", {}), "/home")).toBe(lesson);
    expect(continueWithCurrentPlan("/web/streak", myPlan("free"), "/home")).toBe("/web/streak");
    expect(continueWithCurrentPlan(undefined, myPlan("tier-0", {}), "/home")).toBe("/home");
  });
});
