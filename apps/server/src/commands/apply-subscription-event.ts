/**
 * Applies one stored billing event inside the caller's transaction (process-billing-events.ts
 * takes the event's row lock first). Subscription events write the subscription's state unless
 * they are older than it (@lumen/core subscription-state.ts); invoices move it to past_due and
 * back; a paid checkout completes our checkout row, gives the plan at once if no event of the
 * subscription got there first, and records the `upgrade` analytics event, once.
 */
import type { AnalyticsEvent } from "@lumen/contracts";
import {
  addInterval,
  applySubscriptionChange,
  isPurchasableTier,
  type SubscriptionState,
} from "@lumen/core";
import { and, eq, schema } from "@lumen/db";
import { type EventMeaning, readProviderEvent } from "../billing/provider-events.ts";
import {
  lockSubscription,
  saveSubscription,
  stateOf,
  type Tx,
  userForCustomer,
} from "../billing/subscription-rows.ts";
import { rollUpAnalytics } from "./roll-up-analytics.ts";

export type BillingEventRow = typeof schema.billingEvents.$inferSelect;

export interface ApplySubscriptionEventOptions {
  tx: Tx;
  event: BillingEventRow;
  now: Date;
}

/** Who and what the event turned out to be about, and a note when it changed nothing. */
export interface AppliedEvent {
  userId: string | null;
  subscriptionId: string | null;
  note: string | null;
}

export async function applySubscriptionEvent(
  options: ApplySubscriptionEventOptions,
): Promise<AppliedEvent> {
  const meaning = readProviderEvent(options.event.type, options.event.payload);
  switch (meaning.kind) {
    case "ignored":
      return { userId: null, subscriptionId: meaning.subscriptionId ?? null, note: meaning.reason };
    case "checkout":
      return applyCheckout(options, meaning);
    default:
      return applyToSubscription(options, meaning);
  }
}

async function applyToSubscription(
  { tx, event, now }: ApplySubscriptionEventOptions,
  meaning: Extract<EventMeaning, { kind: "subscription" | "invoice" }>,
): Promise<AppliedEvent> {
  const subscriptionId = meaning.subscriptionId;
  const existing = await lockSubscription(tx, event.provider, subscriptionId);
  const userId =
    existing?.userId ??
    (await userForCustomer(
      tx,
      event.provider,
      meaning.customerId,
      meaning.kind === "subscription" ? meaning.metadata.lumen_user_id : undefined,
    ));
  if (!userId) return { userId: null, subscriptionId, note: "no user of ours for this customer" };
  const current = existing ? stateOf(existing) : null;
  const result = applySubscriptionChange(current, meaning.change, event.occurredAt);
  if (!result.applied) return { userId, subscriptionId, note: `not applied: ${result.reason}` };
  await saveSubscription(
    tx,
    { provider: event.provider, providerSubscriptionId: subscriptionId, userId },
    result.state,
    existing,
    now,
  );
  return { userId, subscriptionId, note: null };
}

async function applyCheckout(
  { tx, event, now }: ApplySubscriptionEventOptions,
  meaning: Extract<EventMeaning, { kind: "checkout" }>,
): Promise<AppliedEvent> {
  const [checkout] = await tx
    .select()
    .from(schema.checkoutSessions)
    .where(
      and(
        eq(schema.checkoutSessions.id, meaning.sessionId),
        eq(schema.checkoutSessions.provider, event.provider),
      ),
    )
    .for("update");
  if (!checkout) return { userId: null, subscriptionId: null, note: "not a checkout of ours" };
  const userId = checkout.userId;
  if (meaning.outcome === "expired") {
    if (checkout.status === "open") {
      await tx
        .update(schema.checkoutSessions)
        .set({ status: "expired" })
        .where(eq(schema.checkoutSessions.id, checkout.id));
    }
    return { userId, subscriptionId: null, note: null };
  }
  // A provider that reports no subscription (the emulator) has the checkout stand for it.
  const subscriptionId = meaning.subscriptionId ?? checkout.id;
  if (!meaning.paid) {
    await tx
      .update(schema.checkoutSessions)
      .set({ subscriptionId })
      .where(eq(schema.checkoutSessions.id, checkout.id));
    return { userId, subscriptionId, note: "completed unpaid: waits for the payment" };
  }
  if (checkout.status === "complete") {
    return { userId, subscriptionId, note: "checkout already complete" };
  }
  await tx
    .update(schema.checkoutSessions)
    .set({ status: "complete", completedAt: event.occurredAt, subscriptionId })
    .where(eq(schema.checkoutSessions.id, checkout.id));
  await giveProvisionalPlan(tx, event, checkout, subscriptionId, meaning.trialDays, now);
  await recordUpgrade(tx, checkout, event.provider, now);
  return { userId, subscriptionId, note: null };
}

/**
 * The plan at once on a paid checkout, dated by the checkout's event: the subscription's own
 * events usually come first and are kept as they are; one that has not arrived yet (or said
 * "incomplete" before the payment) is not waited for, since the learner has paid.
 */
async function giveProvisionalPlan(
  tx: Tx,
  event: BillingEventRow,
  checkout: typeof schema.checkoutSessions.$inferSelect,
  subscriptionId: string,
  trialDays: number,
  now: Date,
): Promise<void> {
  const existing = await lockSubscription(tx, event.provider, subscriptionId);
  const current = existing ? stateOf(existing) : null;
  if (current && current.status !== "incomplete") return;
  if (!isPurchasableTier(checkout.tier)) return;
  if (checkout.interval !== "month" && checkout.interval !== "year") return;
  const start = event.occurredAt;
  const trialEnd = trialDays > 0 ? new Date(start.getTime() + trialDays * 86_400_000) : null;
  const state: Omit<SubscriptionState, "stateAt"> = {
    tier: checkout.tier,
    interval: checkout.interval,
    status: trialEnd ? "trialing" : "active",
    cancelAtPeriodEnd: false,
    currentPeriodStart: start,
    currentPeriodEnd: trialEnd ?? addInterval(start, checkout.interval),
    trialEnd,
    canceledAt: null,
  };
  const result = applySubscriptionChange(current, { kind: "snapshot", state }, event.occurredAt);
  if (!result.applied) return;
  await saveSubscription(
    tx,
    { provider: event.provider, providerSubscriptionId: subscriptionId, userId: checkout.userId },
    result.state,
    existing,
    now,
  );
}

/** The `upgrade` analytics event (spec section 7), written by the server like an exposure. */
async function recordUpgrade(
  tx: Tx,
  checkout: typeof schema.checkoutSessions.$inferSelect,
  provider: string,
  now: Date,
): Promise<void> {
  const event: AnalyticsEvent = {
    name: "upgrade",
    properties: {
      tier: checkout.tier,
      interval: checkout.interval,
      flow: checkout.flow,
      provider,
      ...(checkout.trackingReferer ? { trackingReferer: checkout.trackingReferer } : {}),
    },
    anonymousId: checkout.userId,
    at: now.toISOString(),
  };
  await tx.insert(schema.analyticsEvents).values({
    name: event.name,
    properties: event.properties,
    anonymousId: event.anonymousId,
    userId: checkout.userId,
    path: null,
    occurredAt: now,
  });
  await rollUpAnalytics({ db: tx, events: [event], userId: checkout.userId });
}
