/**
 * Which plan is in force (issue 15): what a subscription in each of its provider's states still
 * gives, whether an admin's plan grant counts now, and the best of the two. Pure: the server reads
 * the rows (apps/server/src/billing/effective-plan.ts) and decides with these.
 */
import { isPlanTier, type PlanTier } from "./plan-label.ts";
import { bestTier, planRank } from "./plans.ts";
import {
  accessUntil,
  graceUntil,
  SUBSCRIPTION_STATES,
  type SubscriptionState,
  type SubscriptionStateName,
} from "./subscription-state.ts";

/** Days a past_due subscription keeps its access when the server's setting does not say. */
export const DEFAULT_BILLING_GRACE_DAYS = 7;

/** A subscription as its provider's webhooks last described it (the `subscriptions` row). */
export interface SubscriptionFacts {
  tier: string;
  /** trialing, active, past_due, canceled or incomplete (anything else gives nothing). */
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
}

export interface SubscriptionAccess {
  /** Whether the subscription gives its tier now. */
  active: boolean;
  /** When that access ends if nothing changes. */
  until: Date | null;
  /** past_due only: the payment failed, and access lasts until then (the banner says so). */
  graceUntil: Date | null;
  /**
   * Whether `now` is inside a period that was paid for (active, before the period's end): only
   * then does the subscription bring its monthly credits. A trial, a failed payment and the days
   * past a period's end while its renewal's webhook is awaited unlock lessons, not credits.
   */
  paid: boolean;
}

const NO_ACCESS: SubscriptionAccess = { active: false, until: null, graceUntil: null, paid: false };

const isStateName = (status: string): status is SubscriptionStateName =>
  (SUBSCRIPTION_STATES as readonly string[]).includes(status);

/**
 * What a subscription gives at `now`, by subscription-state.ts's one rule (`accessUntil`,
 * `graceUntil`): trialing and active until the period's end (plus the grace days, so that a late
 * renewal webhook never locks out a learner who paid; exactly to the end when canceled at period
 * end), past_due for the grace days from the failed period's start, anything else not at all.
 */
export function subscriptionAccess(
  sub: SubscriptionFacts,
  now: Date,
  graceDays: number = DEFAULT_BILLING_GRACE_DAYS,
): SubscriptionAccess {
  if (!isStateName(sub.status)) return NO_ACCESS;
  // The rule reads the status and the dates only; the plan itself is not what it judges.
  const state: SubscriptionState = {
    tier: "tier-0",
    interval: "month",
    status: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    trialEnd: sub.trialEnd,
    canceledAt: null,
    stateAt: sub.currentPeriodStart,
  };
  const until = accessUntil(state, graceDays);
  if (until === null || now.getTime() >= until.getTime()) return NO_ACCESS;
  return {
    active: true,
    until,
    graceUntil: graceUntil(state, graceDays),
    paid: sub.status === "active" && now.getTime() < sub.currentPeriodEnd.getTime(),
  };
}

/** A plan an admin granted (the `plan_grants` row). */
export interface PlanGrantFacts {
  tier: string;
  startsAt: Date;
  endsAt: Date | null;
  revokedAt: Date | null;
}

/** A grant counts from its start until it ends or is revoked, whichever comes first. */
export function isGrantActive(grant: PlanGrantFacts, now: Date): boolean {
  if (grant.revokedAt && grant.revokedAt <= now) return false;
  if (grant.endsAt && grant.endsAt <= now) return false;
  return grant.startsAt <= now;
}

export type PlanSource = "free" | "subscription" | "grant";

export interface PlanInForce<S, G> {
  tier: PlanTier;
  source: PlanSource;
  /** The subscription in force; else the one a learner would want to hear about (the latest). */
  subscription: { row: S; access: SubscriptionAccess } | null;
  /** The grant in force, when the plan comes from one. */
  grant: G | null;
}

const tierOf = (tier: string): PlanTier => (isPlanTier(tier) ? tier : "free");

/**
 * The best of a learner's subscriptions and grants at `now`: the highest-ranked tier wins, and a
 * subscription wins a tie (it is what the learner pays for, and what the page shows). With
 * neither, the free plan; the latest subscription is still answered, so that a lapsed learner is
 * told what ended.
 */
export function planInForce<S extends SubscriptionFacts, G extends PlanGrantFacts>(
  subscriptions: readonly S[],
  grants: readonly G[],
  now: Date,
  graceDays: number = DEFAULT_BILLING_GRACE_DAYS,
): PlanInForce<S, G> {
  const withAccess = subscriptions.map((row) => ({
    row,
    access: subscriptionAccess(row, now, graceDays),
  }));
  const rank = (tier: string) => planRank(tierOf(tier));
  const bestSub = withAccess
    .filter((s) => s.access.active)
    .reduce<(typeof withAccess)[number] | null>(
      (best, s) => (best === null || rank(s.row.tier) > rank(best.row.tier) ? s : best),
      null,
    );
  const bestGrant = grants
    .filter((g) => isGrantActive(g, now))
    .reduce<G | null>(
      (best, g) => (best === null || rank(g.tier) > rank(best.tier) ? g : best),
      null,
    );
  const latest = withAccess.reduce<(typeof withAccess)[number] | null>(
    (last, s) => (last === null || s.row.currentPeriodEnd > last.row.currentPeriodEnd ? s : last),
    null,
  );
  const subTier = bestSub ? tierOf(bestSub.row.tier) : "free";
  const grantTier = bestGrant ? tierOf(bestGrant.tier) : "free";
  const tier = bestTier([subTier, grantTier]);
  if (tier === "free") return { tier, source: "free", subscription: latest, grant: null };
  if (bestSub && subTier === tier) {
    return { tier, source: "subscription", subscription: bestSub, grant: null };
  }
  return { tier, source: "grant", subscription: bestSub ?? latest, grant: bestGrant };
}
