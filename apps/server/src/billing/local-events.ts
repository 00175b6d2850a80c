/**
 * The local provider's events, in Stripe's shapes (a subscription with its item's price and
 * period, an invoice with its lines, a checkout session, a payment intent), so that one reader
 * (provider-events.ts) and one pipeline serve both providers. Times are Unix seconds, as Stripe's.
 */
import {
  type BillingInterval,
  type PlanTier,
  type PurchasableTier,
  planLabel,
  type SubscriptionState,
} from "@lumen/core";
import { localId } from "./local-provider.ts";
import { priceLookupKey } from "./provider-events.ts";

export interface LocalEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  livemode: false;
  data: { object: Record<string, unknown> };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const secondsOrNull = (date: Date | null) => (date ? seconds(date) : null);

export function localEvent(type: string, object: Record<string, unknown>, now: Date): LocalEvent {
  return {
    id: localId("evt_local"),
    object: "event",
    type,
    created: seconds(now),
    livemode: false,
    data: { object },
  };
}

export interface LocalSubscription {
  id: string;
  customerId: string;
  userId: string;
  amount: number;
  currency: string;
  state: Omit<SubscriptionState, "stateAt">;
}

function priceObject(
  tier: PurchasableTier,
  interval: BillingInterval,
  amount: number,
  currency: string,
) {
  const key = priceLookupKey(tier, interval);
  return {
    id: `price_local_${tier}_${interval}`,
    object: "price",
    lookup_key: key,
    unit_amount: amount,
    currency,
    recurring: { interval },
    metadata: { lumen_price: key, lumen_tier: tier, lumen_interval: interval },
  };
}

/** Our statuses are Stripe's, except that none of ours is Stripe's "unpaid" or "paused". */
export function subscriptionObject(sub: LocalSubscription): Record<string, unknown> {
  const { state } = sub;
  return {
    id: sub.id,
    object: "subscription",
    customer: sub.customerId,
    status: state.status,
    cancel_at_period_end: state.cancelAtPeriodEnd,
    cancel_at: state.cancelAtPeriodEnd ? seconds(state.currentPeriodEnd) : null,
    canceled_at: secondsOrNull(state.canceledAt),
    trial_end: secondsOrNull(state.trialEnd),
    metadata: { lumen_user_id: sub.userId },
    items: {
      object: "list",
      data: [
        {
          id: `si_${sub.id}`,
          object: "subscription_item",
          current_period_start: seconds(state.currentPeriodStart),
          current_period_end: seconds(state.currentPeriodEnd),
          price: priceObject(state.tier, state.interval, sub.amount, sub.currency),
          quantity: 1,
        },
      ],
    },
  };
}

export interface InvoiceLine {
  amount: number;
  description: string;
  periodStart: Date;
  periodEnd: Date;
  proration: boolean;
}

export function invoiceObject(options: {
  sub: LocalSubscription;
  paid: boolean;
  billingReason: "subscription_create" | "subscription_cycle" | "subscription_update";
  lines: InvoiceLine[];
}): Record<string, unknown> {
  const total = options.lines.reduce((sum, line) => sum + line.amount, 0);
  // A credit (a downgrade's unused time) is not paid out: it waits on the balance, as at Stripe.
  const due = Math.max(total, 0);
  return {
    id: localId("in_local"),
    object: "invoice",
    customer: options.sub.customerId,
    currency: options.sub.currency,
    billing_reason: options.billingReason,
    status: options.paid ? "paid" : "open",
    amount_due: due,
    amount_paid: options.paid ? due : 0,
    ending_balance: Math.min(total, 0),
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: options.sub.id, metadata: null },
    },
    lines: {
      object: "list",
      data: options.lines.map((line) => ({
        object: "line_item",
        amount: line.amount,
        currency: options.sub.currency,
        description: line.description,
        period: { start: seconds(line.periodStart), end: seconds(line.periodEnd) },
        parent: {
          type: "subscription_item_details",
          subscription_item_details: { proration: line.proration, subscription: options.sub.id },
        },
      })),
    },
  };
}

/**
 * A renewal's invoice event: one whole period of the plan, paid (`invoice.paid`) or not
 * (`invoice.payment_failed`), as the portal, the failure simulation and renewals send it.
 */
export function cycleInvoiceEvent(options: {
  sub: LocalSubscription;
  paid: boolean;
  plan: { tier: PlanTier; interval: BillingInterval };
  period: { start: Date; end: Date };
  now: Date;
}): LocalEvent {
  const { sub, paid, plan, period } = options;
  return localEvent(
    paid ? "invoice.paid" : "invoice.payment_failed",
    invoiceObject({
      sub,
      paid,
      billingReason: "subscription_cycle",
      lines: [
        {
          amount: sub.amount,
          description: `${planLabel(plan.tier)}, one ${plan.interval}`,
          periodStart: period.start,
          periodEnd: period.end,
          proration: false,
        },
      ],
    }),
    options.now,
  );
}

export function checkoutSessionObject(options: {
  id: string;
  customerId: string;
  subscriptionId: string;
  userId: string;
  trialDays: number;
}): Record<string, unknown> {
  return {
    id: options.id,
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: options.trialDays > 0 ? "no_payment_required" : "paid",
    customer: options.customerId,
    subscription: options.subscriptionId,
    client_reference_id: options.userId,
    metadata: { lumen_user_id: options.userId, lumen_trial_days: String(options.trialDays) },
  };
}

/** A payment attempt at the local checkout: the record the extra step is checked against. */
export function paymentIntentObject(options: {
  checkoutId: string;
  status: "requires_action" | "succeeded" | "canceled" | "requires_payment_method";
  amount: number;
  currency: string;
  /** What the event settles: a pending extra step, or nothing. */
  resolvesStep: boolean;
}): Record<string, unknown> {
  return {
    id: localId("pi_local"),
    object: "payment_intent",
    status: options.status,
    amount: options.amount,
    currency: options.currency,
    metadata: {
      lumen_checkout: options.checkoutId,
      ...(options.resolvesStep ? { lumen_resolves_step: "true" } : {}),
    },
  };
}
