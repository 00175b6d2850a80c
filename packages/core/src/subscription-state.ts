/**
 * A subscription's state as its provider's events describe it (issue 15), and the rules for
 * changing it. Pure: the server stores the result in `subscriptions` and decides access with it.
 *
 * Webhooks arrive late, twice, or out of order. Every change carries the provider's time of its
 * event, and a state remembers the time of the event that wrote it (`stateAt`): an older event
 * never overwrites a newer state. Providers date events to the second, so two events of one
 * second are applied in the order they are processed, except that nothing of the same second
 * brings a canceled subscription back (cancellation is final at every provider we speak to).
 */
import type { BillingInterval, PurchasableTier } from "./plans.ts";

export const SUBSCRIPTION_STATES = [
  "trialing",
  "active",
  "past_due",
  "canceled",
  "incomplete",
] as const;
export type SubscriptionStateName = (typeof SUBSCRIPTION_STATES)[number];

export interface SubscriptionState {
  tier: PurchasableTier;
  interval: BillingInterval;
  status: SubscriptionStateName;
  /** Canceled by the learner, still running until `currentPeriodEnd`. */
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  canceledAt: Date | null;
  /** The provider time of the event that wrote this state. */
  stateAt: Date;
}

/** What one event says about a subscription. */
export type SubscriptionChange =
  /** The whole subscription as the provider holds it now (Stripe's customer.subscription.*). */
  | { kind: "snapshot"; state: Omit<SubscriptionState, "stateAt"> }
  /** An invoice was paid: a renewal (a new period) or a retried payment after past_due. */
  | { kind: "payment_succeeded"; periodStart: Date | null; periodEnd: Date | null }
  /** An invoice's payment failed: the subscription is past due (its grace period begins). */
  | { kind: "payment_failed" };

export type ChangeResult =
  | { applied: true; state: SubscriptionState }
  | {
      applied: false;
      state: SubscriptionState | null;
      reason: "older" | "unknown-subscription" | "canceled" | "no-effect";
    };

/** Whether an event of `occurredAt` would write over `current`, by the ordering rule above. */
export function isOlderThanState(
  occurredAt: Date,
  current: Pick<SubscriptionState, "stateAt" | "status">,
  nextStatus?: SubscriptionStateName,
): boolean {
  const at = occurredAt.getTime();
  const stateAt = current.stateAt.getTime();
  if (at < stateAt) return true;
  if (at > stateAt) return false;
  return current.status === "canceled" && nextStatus !== "canceled";
}

/** The state after one event, or why it changes nothing. */
export function applySubscriptionChange(
  current: SubscriptionState | null,
  change: SubscriptionChange,
  occurredAt: Date,
): ChangeResult {
  if (change.kind === "snapshot") {
    if (current && isOlderThanState(occurredAt, current, change.state.status)) {
      return { applied: false, state: current, reason: "older" };
    }
    return { applied: true, state: { ...change.state, stateAt: occurredAt } };
  }
  // An invoice alone does not say which plan: the subscription's own event creates the state.
  if (!current) return { applied: false, state: null, reason: "unknown-subscription" };
  if (isOlderThanState(occurredAt, current)) {
    return { applied: false, state: current, reason: "older" };
  }
  if (current.status === "canceled") return { applied: false, state: current, reason: "canceled" };
  if (change.kind === "payment_failed") {
    if (current.status !== "active" && current.status !== "trialing") {
      return { applied: false, state: current, reason: "no-effect" };
    }
    return { applied: true, state: { ...current, status: "past_due", stateAt: occurredAt } };
  }
  const extends_ =
    change.periodStart !== null &&
    change.periodEnd !== null &&
    change.periodEnd.getTime() > current.currentPeriodEnd.getTime();
  const recovers = current.status === "past_due" || current.status === "incomplete";
  if (!extends_ && !recovers) return { applied: false, state: current, reason: "no-effect" };
  return {
    applied: true,
    state: {
      ...current,
      // A paid invoice that opens a new period after a trial ends the trial.
      status: recovers || current.status === "trialing" ? "active" : current.status,
      currentPeriodStart:
        extends_ && change.periodStart ? change.periodStart : current.currentPeriodStart,
      currentPeriodEnd: extends_ && change.periodEnd ? change.periodEnd : current.currentPeriodEnd,
      stateAt: occurredAt,
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/**
 * Until when a past_due subscription keeps its access: the grace days counted from the start of
 * the period whose payment failed. Null for any other status.
 */
export function graceUntil(state: SubscriptionState, graceDays: number): Date | null {
  return state.status === "past_due" ? addDays(state.currentPeriodStart, graceDays) : null;
}

/**
 * Until when the subscription gives its plan, or null when it gives nothing. A running
 * subscription keeps its access for the grace days past its period's end as well, so that a
 * renewal whose webhook is late never locks out a learner who paid; one canceled at period end
 * stops at the end exactly.
 */
export function accessUntil(state: SubscriptionState, graceDays: number): Date | null {
  switch (state.status) {
    case "trialing":
    case "active": {
      const end =
        state.status === "trialing"
          ? (state.trialEnd ?? state.currentPeriodEnd)
          : state.currentPeriodEnd;
      return state.cancelAtPeriodEnd ? end : addDays(end, graceDays);
    }
    case "past_due":
      return graceUntil(state, graceDays);
    default:
      return null;
  }
}

/** Whether the subscription gives its plan at `now`. */
export function grantsAccess(state: SubscriptionState, now: Date, graceDays: number): boolean {
  const until = accessUntil(state, graceDays);
  return until !== null && now.getTime() < until.getTime();
}

/**
 * Whether the provider may still charge for this subscription: then the learner must manage it
 * (resume, change plan, fix the card) rather than start a second one and pay twice. A past_due
 * subscription counts even after its grace: the provider still retries its invoice.
 */
export function isSubscriptionLive(state: SubscriptionState, now: Date): boolean {
  if (state.status !== "trialing" && state.status !== "active" && state.status !== "past_due") {
    return false;
  }
  return !(state.cancelAtPeriodEnd && now.getTime() >= state.currentPeriodEnd.getTime());
}

/**
 * One billing interval later, on the same day of the month where there is one (31 January plus
 * a month is the last day of February), as card providers bill.
 */
export function addInterval(date: Date, interval: BillingInterval): Date {
  const months = interval === "month" ? 1 : 12;
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export interface ProrationInput {
  /** What the current plan costs per period, in minor units. */
  fromAmount: number;
  /** What the new plan costs per its period, in minor units. */
  toAmount: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
  /** A change of interval starts a new period now: the full new price, less the unused time. */
  newPeriod: boolean;
}

export interface Proration {
  /** The unused part of the current plan's period, credited (zero or more). */
  credit: number;
  /** The new plan for the rest of the period, or for a whole new period (zero or more). */
  charge: number;
  /** What the change costs now: positive is charged, negative waits as a credit. */
  amount: number;
}

/**
 * What a plan change costs now, in minor units, as Stripe prorates by default: the unused part
 * of the current period is credited, and the new plan is charged for the rest of the period (or
 * for a whole new period when the interval changes).
 */
export function prorate(input: ProrationInput): Proration {
  const total = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.min(Math.max(input.periodEnd.getTime() - input.at.getTime(), 0), total);
  const share = total > 0 ? left / total : 0;
  const credit = Math.round(input.fromAmount * share);
  const charge = input.newPeriod ? input.toAmount : Math.round(input.toAmount * share);
  return { credit, charge, amount: charge - credit };
}
