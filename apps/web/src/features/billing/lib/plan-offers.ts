/**
 * What the plans page shows of each plan (issue 15), from the server's catalogue and the
 * learner's plan: the price for the chosen interval, what a year saves, what the plan unlocks,
 * and the one action its card offers. Pure, so the page only draws.
 */
import type { BillingInterval, MyPlanAnswer, Plan, SubscriptionStatus } from "@lumen/contracts";
import { planRank } from "@lumen/core";

/** A subscription still in force: buying another would pay twice. */
const LIVE_STATUSES: readonly SubscriptionStatus[] = ["trialing", "active", "past_due"];

export function hasLiveSubscription(myPlan: MyPlanAnswer | undefined): boolean {
  const status = myPlan?.subscription?.status;
  return status !== undefined && LIVE_STATUSES.includes(status);
}

/** The price of PLAN for INTERVAL, in minor units, or null when it is not sold. */
export function priceOf(plan: Plan, interval: BillingInterval): number | null {
  return plan.purchasable && plan.prices ? plan.prices[interval] : null;
}

/** What a year saves against twelve months, in whole percent; null when it saves nothing. */
export function yearlySavingPercent(plan: Plan): number | null {
  if (!plan.purchasable || !plan.prices || plan.prices.month <= 0) return null;
  const saving = Math.round((1 - plan.prices.year / (12 * plan.prices.month)) * 100);
  return saving > 0 ? saving : null;
}

/** The largest saving of any plan, for the interval switch's "Save up to" label. */
export function bestYearlySaving(plans: readonly Plan[]): number | null {
  const savings = plans.map(yearlySavingPercent).filter((s): s is number => s !== null);
  return savings.length > 0 ? Math.max(...savings) : null;
}

/** A yearly price spread over its months, rounded to the minor unit. */
export const perMonth = (yearAmount: number) => Math.round(yearAmount / 12);

export interface PlanFeature {
  key: "lessons" | "credits" | "ai" | "appBuilder" | "instances";
  text: string;
  included: boolean;
}

/** What PLAN unlocks, in the same order for every plan so the cards compare line by line. */
export function planFeatures(plan: Plan): PlanFeature[] {
  const { entitlements: e, monthlyCredits } = plan;
  return [
    {
      key: "lessons",
      text: e.allLessons ? "Every lesson of every track" : "The first section of every track",
      included: true,
    },
    {
      key: "credits",
      text: monthlyCredits > 0 ? `${monthlyCredits} AI credits every month` : "No AI credits",
      included: monthlyCredits > 0,
    },
    { key: "ai", text: "AI tutor and assistant chat", included: e.ai },
    { key: "appBuilder", text: "AI app builder", included: e.appBuilder },
    { key: "instances", text: "Publish apps that stay online", included: e.instances },
  ];
}

/**
 * The action on a plan's card:
 * - current: the learner's plan (marked, nothing to buy);
 * - included: below what the learner already has (an admin grant, a bigger plan);
 * - manage: the learner pays already, so changes go through the provider's portal;
 * - choose: start a checkout (a guest chooses first and signs up after);
 * - none: not sold (the free plan, for anyone not on it).
 */
export type PlanAction = "current" | "included" | "manage" | "choose" | "none";

export function planAction(plan: Plan, myPlan: MyPlanAnswer | undefined): PlanAction {
  if (myPlan && plan.tier === myPlan.tier) return "current";
  if (!plan.purchasable) return "none";
  if (hasLiveSubscription(myPlan)) return "manage";
  if (myPlan && planRank(plan.tier) < planRank(myPlan.tier)) return "included";
  return "choose";
}

/** The plans the page compares: the free plan, then those sold, cheapest first. */
export function comparedPlans(plans: readonly Plan[]): Plan[] {
  return plans
    .filter((plan) => plan.tier === "free" || plan.purchasable)
    .sort((a, b) => planRank(a.tier) - planRank(b.tier));
}

/** A lesson's address (/web or /ssr, any mode), as a locked lesson's "Unlock" passes it. */
const LESSON_PATH =
  /^\/(web|ssr)\/track\/\d+\/tutorial\/\d+\/chapter\/\d+\/(learn|challenge|tutor)(\?|#|$)/;

export const isLessonPath = (url: string | undefined): boolean =>
  url !== undefined && LESSON_PATH.test(url);

/**
 * The plan to point out to a learner who came from a lesson: the cheapest that opens every
 * lesson; none when they came from elsewhere.
 */
export function lessonUnlockTier(plans: readonly Plan[], returnTo: string | undefined) {
  if (!isLessonPath(returnTo)) return undefined;
  return comparedPlans(plans).find((plan) => plan.purchasable && plan.entitlements.allLessons)
    ?.tier;
}

/**
 * Where "Continue with current plan" goes: back where the learner came from, except to a lesson
 * their plan does not open (they would meet the same lock); then the default landing.
 */
export function continueWithCurrentPlan(
  returnTo: string | undefined,
  myPlan: MyPlanAnswer | undefined,
  defaultLanding: string,
): string {
  if (!returnTo) return defaultLanding;
  if (isLessonPath(returnTo) && !myPlan?.entitlements.allLessons) return defaultLanding;
  return returnTo;
}
