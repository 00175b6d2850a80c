/**
 * How the console's subscriptions area words an account's billing (issue 15): the state filter's
 * names, a row's status and the date that matters for it, a webhook event's outcome, a grantable
 * tier. Pure, with the date format passed in so the tests pin one.
 */
import type {
  AdminBillingEvent,
  AdminPlanGrant,
  AdminSubscriptionRow,
  AdminSubscriptionState,
} from "@lumen/contracts";
import { type PlanTier, planLabel } from "@lumen/core";

export type Tone = "neutral" | "brand" | "success" | "warning";
type Format = (iso: string) => string;

export const STATE_LABELS: Record<AdminSubscriptionState, string> = {
  trialing: "Trialing",
  active: "Active",
  past_due: "Past due",
  canceled: "Canceled",
  incomplete: "Incomplete",
  granted: "Granted by an admin",
};

const STATUS_TONES: Record<string, Tone> = {
  trialing: "brand",
  active: "success",
  past_due: "warning",
  canceled: "neutral",
  incomplete: "warning",
};

/** The row's status: its subscription's, else an admin's grant, else free. */
export function rowStatus(row: AdminSubscriptionRow): { label: string; tone: Tone } {
  const sub = row.subscription;
  if (sub) {
    const label = STATE_LABELS[sub.status as AdminSubscriptionState] ?? sub.status;
    return {
      label: sub.cancelAtPeriodEnd && sub.status !== "canceled" ? `${label}, canceling` : label,
      tone: STATUS_TONES[sub.status] ?? "neutral",
    };
  }
  if (row.grant?.active) return { label: "Granted", tone: "brand" };
  return { label: "Free", tone: "neutral" };
}

/** The date that matters: a failed payment's grace, the period's end, a grant's end. */
export function rowPeriodEnd(row: AdminSubscriptionRow, format: Format): string {
  const sub = row.subscription;
  if (sub?.status === "past_due" && sub.graceUntil) return `grace until ${format(sub.graceUntil)}`;
  if (sub) return format(sub.currentPeriodEnd);
  if (row.grant?.active) return row.grant.endsAt ? format(row.grant.endsAt) : "until revoked";
  return "—";
}

/** Whether the provider's event was applied, failed (with its error), or still waits. */
export function eventOutcome(
  event: AdminBillingEvent,
  format: Format,
): { label: string; tone: Tone; detail?: string } {
  if (event.processedAt)
    return { label: `Processed ${format(event.processedAt)}`, tone: "success" };
  if (event.lastError) {
    const tries = `${event.attempts} attempt${event.attempts === 1 ? "" : "s"}`;
    return { label: `Error after ${tries}`, tone: "warning", detail: event.lastError };
  }
  return { label: "Not processed yet", tone: "neutral" };
}

/** A grant's state in words. */
export function grantState(grant: AdminPlanGrant, format: Format): string {
  if (grant.revokedAt) return `revoked ${format(grant.revokedAt)}`;
  if (!grant.active) return grant.endsAt ? `ended ${format(grant.endsAt)}` : "not in force";
  return grant.endsAt ? `in force until ${format(grant.endsAt)}` : "in force until revoked";
}

/** A tier in the grant form: its label as learners see it, and its name. */
export const tierOptionLabel = (tier: PlanTier) => `${planLabel(tier)} (${tier})`;
