/**
 * What the local checkout's commands share: the provider (the local routes exist only while it
 * is the one in use), the learner's own checkout, the pending extra step, and the completed
 * payment with its events (customer.subscription.created, invoice.paid,
 * checkout.session.completed, as Stripe sends them for a subscription checkout).
 */
import type { LocalPayAnswer } from "@lumen/contracts";
import { addInterval, type BillingInterval, isPurchasableTier, planLabel } from "@lumen/core";
import { and, type Db, eq, schema, sql } from "@lumen/db";
import type { Logger } from "pino";
import { errors } from "../errors.ts";
import { findCustomerId } from "./billing-customers.ts";
import type { BillingService } from "./billing-service.ts";
import { successPath } from "./checkout-urls.ts";
import { deliverLocalEvents } from "./deliver-local-events.ts";
import {
  checkoutSessionObject,
  invoiceObject,
  type LocalEvent,
  type LocalSubscription,
  localEvent,
  subscriptionObject,
} from "./local-events.ts";
import { type LocalProvider, localId } from "./local-provider.ts";
import { priceFor } from "./plan-prices.ts";
import { userSubscriptions } from "./subscription-rows.ts";

export type CheckoutRow = typeof schema.checkoutSessions.$inferSelect;

/** The local provider, or 404: its pages and routes mean nothing while Stripe takes payment. */
export function localProviderOf(billing: BillingService): LocalProvider {
  if (billing.provider.name !== "local") {
    throw errors.notFound("The local billing provider (this server uses another)");
  }
  return billing.provider as LocalProvider;
}

/** The learner's own local checkout with its plan's price, or 404. */
export async function findLocalCheckout(db: Db, id: string, userId: string) {
  const [checkout] = await db
    .select()
    .from(schema.checkoutSessions)
    .where(
      and(
        eq(schema.checkoutSessions.id, id),
        eq(schema.checkoutSessions.provider, "local"),
        eq(schema.checkoutSessions.userId, userId),
      ),
    );
  if (!checkout || !isPurchasableTier(checkout.tier)) throw errors.notFound("This checkout");
  const interval = checkout.interval;
  if (interval !== "month" && interval !== "year") throw errors.notFound("This checkout");
  return { ...checkout, tier: checkout.tier, interval: interval as BillingInterval };
}
export type LocalCheckout = Awaited<ReturnType<typeof findLocalCheckout>>;

/**
 * Whether the checkout's extra step is waiting: more "requires_action" payment attempts than
 * attempts that settled one (approved, refused, or replaced by paying again).
 */
export async function hasPendingStep(db: Db, checkoutId: string): Promise<boolean> {
  const rows = await db
    .select({ type: schema.billingEvents.type, payload: schema.billingEvents.payload })
    .from(schema.billingEvents)
    .where(
      and(
        eq(schema.billingEvents.provider, "local"),
        sql`${schema.billingEvents.type} like 'payment_intent.%'`,
        sql`${schema.billingEvents.payload} #>> '{data,object,metadata,lumen_checkout}' = ${checkoutId}`,
      ),
    );
  let pending = 0;
  for (const row of rows) {
    const meta = (row.payload as { data?: { object?: { metadata?: Record<string, string> } } }).data
      ?.object?.metadata;
    if (row.type === "payment_intent.requires_action") pending += 1;
    else if (meta?.lumen_resolves_step === "true") pending -= 1;
  }
  return pending > 0;
}

export function successAnswer(checkout: LocalCheckout): LocalPayAnswer {
  return {
    outcome: "succeeded",
    message: `Payment received. Your ${planLabel(checkout.tier)} is active.`,
    successUrl: successPath(
      checkout.flow === "web2app" ? "web2app" : "web",
      checkout.id,
      checkout.redirectUrl,
    ),
  };
}

/** The paid checkout: a new subscription (trialing on a first one when trials are on). */
export async function completeLocalCheckout(options: {
  db: Db;
  billing: BillingService;
  checkout: LocalCheckout;
  now: Date;
  logger: Logger;
  /** Events of the payment itself, sent first (the extra step's approval). */
  before?: LocalEvent[];
}): Promise<LocalPayAnswer> {
  const { db, billing, checkout, now } = options;
  const provider = localProviderOf(billing);
  const customerId = await findCustomerId(db, "local", checkout.userId);
  if (!customerId) throw new Error(`local checkout ${checkout.id} has no customer`);
  const first = (await userSubscriptions(db, checkout.userId)).length === 0;
  const trialDays = first ? billing.trialDays : 0;
  const trialEnd = trialDays > 0 ? new Date(now.getTime() + trialDays * 86_400_000) : null;
  const amount = priceFor(billing.prices, checkout.tier, checkout.interval);
  const periodEnd = trialEnd ?? addInterval(now, checkout.interval);
  const sub: LocalSubscription = {
    id: localId("sub_local"),
    customerId,
    userId: checkout.userId,
    amount,
    currency: billing.currency,
    state: {
      tier: checkout.tier,
      interval: checkout.interval,
      status: trialEnd ? "trialing" : "active",
      cancelAtPeriodEnd: false,
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd,
      trialEnd,
      canceledAt: null,
    },
  };
  const label = planLabel(checkout.tier);
  const events = [
    ...(options.before ?? []),
    localEvent("customer.subscription.created", subscriptionObject(sub), now),
    localEvent(
      "invoice.paid",
      invoiceObject({
        sub,
        paid: true,
        billingReason: "subscription_create",
        lines: [
          {
            amount: trialEnd ? 0 : amount,
            description: trialEnd ? `Trial of the ${label}` : `${label}, one ${checkout.interval}`,
            periodStart: now,
            periodEnd,
            proration: false,
          },
        ],
      }),
      now,
    ),
    localEvent(
      "checkout.session.completed",
      checkoutSessionObject({
        id: checkout.id,
        customerId,
        subscriptionId: sub.id,
        userId: checkout.userId,
        trialDays,
      }),
      now,
    ),
  ];
  await deliverLocalEvents({ db, provider, events, now, logger: options.logger });
  return successAnswer(checkout);
}
