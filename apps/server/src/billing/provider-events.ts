/**
 * What a stored webhook event says, read from its payload. Both providers speak Stripe's shapes
 * (the local provider emits the same events: customer.subscription.*, invoice.*,
 * checkout.session.*), so one reader serves both. Pure; a payload that is not what its type
 * promises reads as "ignored" with the reason, never as a throw.
 */
import {
  type BillingInterval,
  isPurchasableTier,
  type PurchasableTier,
  type SubscriptionChange,
  type SubscriptionStateName,
} from "@lumen/core";
import { z } from "zod";

export type EventMeaning =
  | {
      kind: "subscription";
      subscriptionId: string;
      customerId: string | null;
      metadata: Record<string, string>;
      change: Extract<SubscriptionChange, { kind: "snapshot" }>;
    }
  | {
      kind: "invoice";
      subscriptionId: string;
      customerId: string | null;
      change: Exclude<SubscriptionChange, { kind: "snapshot" }>;
    }
  | {
      kind: "checkout";
      outcome: "completed" | "expired";
      sessionId: string;
      subscriptionId: string | null;
      customerId: string | null;
      paid: boolean;
      /** The free days our checkout asked for (its metadata), 0 for none. */
      trialDays: number;
    }
  | { kind: "ignored"; reason: string; subscriptionId?: string | null };

/** Our prices' lookup keys: `lumen-<tier>-<interval>`. */
export const priceLookupKey = (tier: PurchasableTier, interval: BillingInterval) =>
  `lumen-${tier}-${interval}`;
const LOOKUP_KEY = /^lumen-(tier-\d)-(month|year)$/;

const idOf = z.union([z.string(), z.looseObject({ id: z.string() }).transform((o) => o.id)]);
// Up to the year 9999: a larger number is no date the database (or a Date) can hold.
const seconds = z.number().int().nonnegative().max(253_402_300_799);
const metadata = z.record(z.string(), z.unknown()).catch({});
const price = z.looseObject({
  lookup_key: z.string().nullish(),
  metadata: metadata.optional(),
  recurring: z.looseObject({ interval: z.string() }).nullish(),
});
const subscriptionSchema = z.looseObject({
  id: z.string().min(1),
  customer: idOf.nullish(),
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  cancel_at: seconds.nullish(),
  canceled_at: seconds.nullish(),
  trial_end: seconds.nullish(),
  current_period_start: seconds.nullish(),
  current_period_end: seconds.nullish(),
  metadata: metadata.optional(),
  items: z
    .looseObject({
      data: z.array(
        z.looseObject({
          current_period_start: seconds.nullish(),
          current_period_end: seconds.nullish(),
          price: price.nullish(),
        }),
      ),
    })
    .nullish(),
});
const invoiceSchema = z.looseObject({
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  parent: z
    .looseObject({
      subscription_details: z.looseObject({ subscription: idOf.nullish() }).nullish(),
    })
    .nullish(),
  lines: z
    .looseObject({
      data: z.array(
        z.looseObject({ period: z.looseObject({ start: seconds, end: seconds }).nullish() }),
      ),
    })
    .nullish(),
});
const sessionSchema = z.looseObject({
  id: z.string().min(1),
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  payment_status: z.string().nullish(),
  metadata: metadata.optional(),
});
const envelope = z.looseObject({ data: z.looseObject({ object: z.unknown() }) });

const date = (value: number) => new Date(value * 1000);
const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** Stripe's statuses in ours: unpaid is past due; a paused or half-made one gives nothing yet. */
function statusOf(status: string): SubscriptionStateName {
  switch (status) {
    case "active":
    case "trialing":
    case "past_due":
    case "canceled":
      return status;
    case "unpaid":
      return "past_due";
    case "incomplete_expired":
      return "canceled";
    default:
      return "incomplete";
  }
}

/** The plan of a subscription: its price's lookup key, else the metadata we put on both. */
function planOf(
  item: z.infer<typeof price> | null | undefined,
  meta: Record<string, unknown>,
): { tier: PurchasableTier; interval: BillingInterval } | null {
  const byKey = LOOKUP_KEY.exec(item?.lookup_key ?? "");
  const tier = byKey?.[1] ?? text(item?.metadata?.lumen_tier) ?? text(meta.lumen_tier);
  const interval =
    byKey?.[2] ??
    text(item?.metadata?.lumen_interval) ??
    item?.recurring?.interval ??
    text(meta.lumen_interval);
  if (!tier || !isPurchasableTier(tier)) return null;
  if (interval !== "month" && interval !== "year") return null;
  return { tier, interval };
}

function readSubscription(object: unknown): EventMeaning {
  const parsed = subscriptionSchema.safeParse(object);
  if (!parsed.success) return { kind: "ignored", reason: "not a subscription object" };
  const sub = parsed.data;
  const item = sub.items?.data[0];
  const meta = sub.metadata ?? {};
  const plan = planOf(item?.price, meta);
  if (!plan) {
    return { kind: "ignored", reason: "not one of our prices", subscriptionId: sub.id };
  }
  const start = item?.current_period_start ?? sub.current_period_start;
  const end = item?.current_period_end ?? sub.current_period_end;
  if (start == null || end == null) {
    return { kind: "ignored", reason: "no current period", subscriptionId: sub.id };
  }
  // Newer API versions cancel at the period's end with `cancel_at` instead of the flag.
  const cancelAt = sub.cancel_at ?? null;
  const cancelAtPeriodEnd =
    sub.cancel_at_period_end === true || (cancelAt !== null && cancelAt <= end);
  return {
    kind: "subscription",
    subscriptionId: sub.id,
    customerId: sub.customer ?? null,
    metadata: Object.fromEntries(
      Object.entries(meta).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    ),
    change: {
      kind: "snapshot",
      state: {
        ...plan,
        status: statusOf(sub.status),
        cancelAtPeriodEnd,
        currentPeriodStart: date(start),
        currentPeriodEnd: date(end),
        trialEnd: sub.trial_end == null ? null : date(sub.trial_end),
        canceledAt: sub.canceled_at == null ? null : date(sub.canceled_at),
      },
    },
  };
}

function readInvoice(object: unknown, paid: boolean): EventMeaning {
  const parsed = invoiceSchema.safeParse(object);
  if (!parsed.success) return { kind: "ignored", reason: "not an invoice object" };
  const invoice = parsed.data;
  const subscriptionId = invoice.parent?.subscription_details?.subscription ?? invoice.subscription;
  if (!subscriptionId) return { kind: "ignored", reason: "not a subscription's invoice" };
  if (!paid) {
    return {
      kind: "invoice",
      subscriptionId,
      customerId: invoice.customer ?? null,
      change: { kind: "payment_failed" },
    };
  }
  // The line reaching furthest is the plan's period (the others are prorations inside it).
  const periods = (invoice.lines?.data ?? []).flatMap((line) => (line.period ? [line.period] : []));
  const latest = periods.reduce<{ start: number; end: number } | null>(
    (best, p) => (best === null || p.end > best.end ? p : best),
    null,
  );
  return {
    kind: "invoice",
    subscriptionId,
    customerId: invoice.customer ?? null,
    change: {
      kind: "payment_succeeded",
      periodStart: latest ? date(latest.start) : null,
      periodEnd: latest ? date(latest.end) : null,
    },
  };
}

function readCheckout(
  object: unknown,
  outcome: "completed" | "expired",
  paid?: true,
): EventMeaning {
  const parsed = sessionSchema.safeParse(object);
  if (!parsed.success) return { kind: "ignored", reason: "not a checkout session" };
  const session = parsed.data;
  const trialDays = Number(text(session.metadata?.lumen_trial_days) ?? "0");
  return {
    kind: "checkout",
    outcome,
    sessionId: session.id,
    subscriptionId: session.subscription ?? null,
    customerId: session.customer ?? null,
    // "no_payment_required": a free trial's checkout; async methods complete unpaid, then pay.
    paid:
      paid === true ||
      session.payment_status === "paid" ||
      session.payment_status === "no_payment_required",
    trialDays: Number.isInteger(trialDays) && trialDays > 0 && trialDays <= 366 ? trialDays : 0,
  };
}

/** What an event of this type and payload says about our subscriptions. */
export function readProviderEvent(type: string, payload: unknown): EventMeaning {
  const parsed = envelope.safeParse(payload);
  if (!parsed.success) return { kind: "ignored", reason: "no data.object" };
  const object = parsed.data.data.object;
  switch (type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
    case "customer.subscription.trial_will_end":
      return readSubscription(object);
    case "invoice.paid":
    case "invoice.payment_succeeded":
      return readInvoice(object, true);
    case "invoice.payment_failed":
      return readInvoice(object, false);
    case "checkout.session.completed":
      return readCheckout(object, "completed");
    case "checkout.session.async_payment_succeeded":
      return readCheckout(object, "completed", true);
    case "checkout.session.expired":
      return readCheckout(object, "expired");
    default:
      return { kind: "ignored", reason: `${type} changes no subscription` };
  }
}
