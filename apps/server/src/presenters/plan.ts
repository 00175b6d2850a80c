/**
 * Shapes the plan and credit answers (issue 15): the catalogue with the prices in force, the
 * caller's plan, the credit ledger. Rows never leave the server; the shapes are the contracts'
 * (plansAnswerSchema, myPlanAnswerSchema, creditsAnswerSchema).
 */
import {
  type CreditEntry,
  type CreditsAnswer,
  type CreditsSummary,
  type MyPlanAnswer,
  type PlansAnswer,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  type SubscriptionView,
} from "@lumen/contracts";
import {
  BILLING_INTERVALS,
  type BillingInterval,
  isPlanTier,
  isPurchasableTier,
  PLAN_TIERS,
  type PlanTier,
  planDefinition,
  planLabel,
} from "@lumen/core";
import type { CreditEntryRow } from "../billing/credit-store.ts";
import type { EffectivePlan } from "../billing/effective-plan.ts";
import { parsePlanPrices } from "../billing/plan-prices.ts";
import type { CreditsRead } from "../commands/read-credits.ts";
import type { PlanRead } from "../commands/read-plan.ts";
import type { Env } from "../env.ts";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const tierOf = (tier: string): PlanTier => (isPlanTier(tier) ? tier : "free");
const intervalOf = (interval: string): BillingInterval =>
  (BILLING_INTERVALS as readonly string[]).includes(interval)
    ? (interval as BillingInterval)
    : "month";
const statusOf = (status: string): SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : "incomplete";
const KINDS = ["grant", "debit", "admin", "expire"] as const;
const kindOf = (kind: string): CreditEntry["kind"] =>
  (KINDS as readonly string[]).includes(kind) ? (kind as CreditEntry["kind"]) : "admin";

/** `GET /v1/billing/plans`: every tier, with prices for those sold (PLAN_PRICES over ours). */
export function presentPlans(
  env: Pick<Env, "PLAN_PRICES" | "BILLING_CURRENCY" | "BILLING_PROVIDER">,
): PlansAnswer {
  const prices = parsePlanPrices(env.PLAN_PRICES);
  return {
    currency: env.BILLING_CURRENCY,
    provider: env.BILLING_PROVIDER,
    plans: PLAN_TIERS.map((tier) => {
      const { label, monthlyCredits, entitlements, purchasable } = planDefinition(tier);
      return {
        tier,
        label,
        monthlyCredits,
        entitlements,
        purchasable,
        prices: isPurchasableTier(tier) ? { ...prices[tier] } : null,
      };
    }),
  };
}

export function presentSubscription(
  subscription: NonNullable<EffectivePlan["subscription"]>,
): SubscriptionView {
  const { row, access } = subscription;
  const tier = tierOf(row.tier);
  return {
    tier,
    label: planLabel(tier),
    interval: intervalOf(row.interval),
    status: statusOf(row.status),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    trialEnd: iso(row.trialEnd),
    graceUntil: iso(access.graceUntil),
  };
}

export function presentCreditsSummary(plan: EffectivePlan, balance: number): CreditsSummary {
  const next = plan.allowance?.nextGrantAt ?? null;
  return {
    balance,
    nextGrantAt: iso(next),
    nextGrantAmount: next ? (plan.allowance?.amount ?? 0) : 0,
  };
}

export function presentMyPlan({ plan, balance }: PlanRead): MyPlanAnswer {
  return {
    tier: plan.tier,
    label: plan.label,
    source: plan.source,
    entitlements: plan.entitlements,
    subscription: plan.subscription ? presentSubscription(plan.subscription) : null,
    credits: presentCreditsSummary(plan, balance),
  };
}

export function presentCreditEntry(row: CreditEntryRow): CreditEntry {
  return {
    id: row.id,
    amount: row.amount,
    kind: kindOf(row.kind),
    reason: row.reason,
    balanceAfter: row.balanceAfter,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentCredits(read: CreditsRead): CreditsAnswer {
  return {
    ...presentCreditsSummary(read.plan, read.balance),
    entries: read.entries.map(presentCreditEntry),
    nextBefore: read.nextBefore,
  };
}
