/**
 * Shapes the console's billing answers (issue 15): the subscriptions list and one account's
 * billing, in the contracts' shapes (packages/contracts/src/admin/subscriptions.ts).
 */
import type {
  AdminBillingDetail,
  AdminBillingEvent,
  AdminCreditEntry,
  AdminPlanGrant,
  AdminSubscription,
  AdminSubscriptionRow,
} from "@lumen/contracts";
import {
  isGrantActive,
  isPlanTier,
  type PlanTier,
  planLabel,
  subscriptionAccess,
} from "@lumen/core";
import type { CreditEntryRow } from "../billing/credit-store.ts";
import type { PlanGrantRow, PlanSettings, SubscriptionRow } from "../billing/effective-plan.ts";
import type { AdminSubscriptionListRow } from "../commands/admin-list-subscriptions.ts";
import type { AdminBillingRead, BillingEventRow } from "../commands/admin-read-billing.ts";
import { presentCreditEntry, presentMyPlan } from "./plan.ts";

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const tierOf = (tier: string): PlanTier => (isPlanTier(tier) ? tier : "free");

export function presentAdminSubscription(
  row: SubscriptionRow,
  now: Date,
  env: PlanSettings,
): AdminSubscription {
  const access = subscriptionAccess(row, now, env.BILLING_GRACE_DAYS);
  const tier = tierOf(row.tier);
  return {
    id: row.id,
    provider: row.provider,
    providerSubscriptionId: row.providerSubscriptionId,
    tier,
    label: planLabel(tier),
    interval: row.interval,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    trialEnd: iso(row.trialEnd),
    canceledAt: iso(row.canceledAt),
    active: access.active,
    graceUntil: iso(access.graceUntil),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentAdminGrant(
  row: PlanGrantRow,
  grantedBy: { id: string; email: string } | null,
  now: Date,
): AdminPlanGrant {
  const tier = tierOf(row.tier);
  return {
    id: row.id,
    tier,
    label: planLabel(tier),
    reason: row.reason,
    grantedBy,
    startsAt: row.startsAt.toISOString(),
    endsAt: iso(row.endsAt),
    revokedAt: iso(row.revokedAt),
    active: isGrantActive(row, now),
  };
}

export function presentAdminSubscriptionRow(
  { user, plan, balance }: AdminSubscriptionListRow,
  now: Date,
  env: PlanSettings,
): AdminSubscriptionRow {
  return {
    user: { id: user.id, email: user.email, displayName: user.displayName },
    tier: plan.tier,
    label: plan.label,
    source: plan.source,
    subscription: plan.subscription
      ? presentAdminSubscription(plan.subscription.row, now, env)
      : null,
    grant: plan.grant ? presentAdminGrant(plan.grant, null, now) : null,
    balance,
  };
}

export const presentAdminCreditEntry = (
  row: CreditEntryRow & { actor: { id: string; email: string } | null },
): AdminCreditEntry => ({
  ...presentCreditEntry(row),
  idempotencyKey: row.idempotencyKey,
  actor: row.actor,
});

const presentEvent = (row: BillingEventRow): AdminBillingEvent => ({
  provider: row.provider,
  eventId: row.eventId,
  type: row.type,
  providerSubscriptionId: row.providerSubscriptionId,
  occurredAt: row.occurredAt.toISOString(),
  receivedAt: row.receivedAt.toISOString(),
  processedAt: iso(row.processedAt),
  attempts: row.attempts,
  lastError: row.lastError,
});

export function presentAdminBilling(
  read: AdminBillingRead,
  now: Date,
  env: PlanSettings,
): AdminBillingDetail {
  return {
    user: { id: read.user.id, email: read.user.email, displayName: read.user.displayName },
    plan: presentMyPlan({ plan: read.plan, balance: read.balance }),
    subscriptions: read.subscriptions.map((s) => presentAdminSubscription(s, now, env)),
    grants: read.grants.map((g) => presentAdminGrant(g, g.grantedByUser, now)),
    events: read.events.map(presentEvent),
    ledger: {
      entries: read.ledger.entries.map(presentAdminCreditEntry),
      nextBefore: read.ledger.nextBefore,
    },
  };
}
