/**
 * The plan a user has now (issue 15): the best of their subscriptions, as the provider's webhooks
 * last described them, and the plans an admin granted, decided by @lumen/core's planInForce.
 * Everything that unlocks something (lessons, credits, the plan page) asks here.
 */
import {
  creditWindow,
  type Entitlements,
  entitlementsOf,
  monthlyCreditsOf,
  type PlanInForce,
  type PlanSource,
  type PlanTier,
  planInForce,
  planLabel,
  type SubscriptionAccess,
} from "@lumen/core";
import { type Db, eq, schema } from "@lumen/db";
import type { Env } from "../env.ts";

export type SubscriptionRow = typeof schema.subscriptions.$inferSelect;
export type PlanGrantRow = typeof schema.planGrants.$inferSelect;

/** What the plan needs of the settings. */
export type PlanSettings = Pick<Env, "BILLING_GRACE_DAYS">;

/** Where the monthly credits come from now: one source, the plan in force. */
export interface CreditAllowance {
  /** "sub:<id>" or "grant:<id>": the ledger keys of its grants start with it. */
  sourceKey: string;
  tier: PlanTier;
  amount: number;
  /** The allowance's months are counted from here (the period's start, the grant's start). */
  anchor: Date;
  /** Whether this month's credits are due now (a paid period; a grant always is). */
  due: boolean;
  /** When the next month's credits come if nothing changes (null: none foreseen). */
  nextGrantAt: Date | null;
}

export interface EffectivePlan {
  tier: PlanTier;
  label: string;
  source: PlanSource;
  entitlements: Entitlements;
  /** The subscription in force, else the latest (so a lapsed learner hears what ended). */
  subscription: { row: SubscriptionRow; access: SubscriptionAccess } | null;
  /** The grant in force when the plan comes from one. */
  grant: PlanGrantRow | null;
  allowance: CreditAllowance | null;
}

export interface ReadEffectivePlanOptions {
  db: Db;
  userId: string;
  now: Date;
  env: PlanSettings;
}

function allowanceOf(
  plan: PlanInForce<SubscriptionRow, PlanGrantRow>,
  now: Date,
): CreditAllowance | null {
  const amount = monthlyCreditsOf(plan.tier);
  if (amount === 0) return null;
  if (plan.source === "grant" && plan.grant) {
    const { id, startsAt, endsAt } = plan.grant;
    const { end } = creditWindow(startsAt, now);
    return {
      sourceKey: `grant:${id}`,
      tier: plan.tier,
      amount,
      anchor: startsAt,
      due: true,
      nextGrantAt: endsAt === null || end < endsAt ? end : null,
    };
  }
  if (plan.source !== "subscription" || !plan.subscription) return null;
  const { row, access } = plan.subscription;
  const { end } = creditWindow(row.currentPeriodStart, now);
  const renews = !row.cancelAtPeriodEnd;
  let nextGrantAt: Date | null = null;
  if (access.paid) {
    // Within a yearly period the months follow each other; at the period's end, a renewal.
    nextGrantAt = end < row.currentPeriodEnd || renews ? end : null;
  } else if (row.status === "trialing" && renews) {
    // The first credits come with the first paid period, when the trial ends.
    nextGrantAt = row.trialEnd ?? row.currentPeriodEnd;
  }
  return {
    sourceKey: `sub:${row.id}`,
    tier: plan.tier,
    amount,
    anchor: row.currentPeriodStart,
    due: access.paid,
    nextGrantAt,
  };
}

/** The plan in force for `userId` at `now`, from what is stored; free when nothing gives more. */
export async function readEffectivePlan({
  db,
  userId,
  now,
  env,
}: ReadEffectivePlanOptions): Promise<EffectivePlan> {
  const [subscriptions, grants] = await Promise.all([
    db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId)),
    db.select().from(schema.planGrants).where(eq(schema.planGrants.userId, userId)),
  ]);
  return effectivePlanOf(subscriptions, grants, now, env);
}

/** The same decision over rows already read (the admin list reads a page of users at once). */
export function effectivePlanOf(
  subscriptions: readonly SubscriptionRow[],
  grants: readonly PlanGrantRow[],
  now: Date,
  env: PlanSettings,
): EffectivePlan {
  const plan = planInForce(subscriptions, grants, now, env.BILLING_GRACE_DAYS);
  return {
    tier: plan.tier,
    label: planLabel(plan.tier),
    source: plan.source,
    entitlements: entitlementsOf(plan.tier),
    subscription: plan.subscription,
    grant: plan.grant,
    allowance: allowanceOf(plan, now),
  };
}
