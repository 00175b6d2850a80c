/**
 * Starts paying for a plan (POST /v1/billing/checkout): a checkout at the provider and our row
 * of it. Never twice: a learner whose subscription the provider may still charge is told to
 * manage their plan instead (409), and a new checkout ends the learner's earlier open ones, so
 * at most one can ever be paid. `redirectUrl` is checked against the allow-list again here; a
 * refused one is dropped (the success page then uses its default), never stored or returned.
 */
import type { CheckoutAnswer, CheckoutBody } from "@lumen/contracts";
import { type PlanTier, planLabel, type RedirectPolicy, safeRedirect } from "@lumen/core";
import { and, type Db, eq, schema } from "@lumen/db";
import type { UserRow } from "../auth/users.ts";
import { ensureCustomer } from "../billing/billing-customers.ts";
import type { BillingService } from "../billing/billing-service.ts";
import { cancelPath, SESSION_ID_PLACEHOLDER, successPath } from "../billing/checkout-urls.ts";
import { priceFor } from "../billing/plan-prices.ts";
import { liveSubscription, userSubscriptions } from "../billing/subscription-rows.ts";
import { AppError } from "../errors.ts";

export interface CreateCheckoutOptions {
  billing: BillingService;
  user: UserRow;
  body: CheckoutBody;
  /** The public origin: the provider's pages send the browser back to absolute URLs. */
  origin: string;
  redirectPolicy: RedirectPolicy;
  now: Date;
}

/** The 409 of a learner who has a plan already: where to go instead, in their plan's words. */
export function alreadySubscribed(tier: PlanTier, cancelAtPeriodEnd: boolean): AppError {
  const label = planLabel(tier);
  return new AppError(
    "conflict",
    cancelAtPeriodEnd
      ? `You already have the ${label}, ending at the close of this period. To keep it or change it, manage your plan instead.`
      : `You already have the ${label}. To change or cancel it, manage your plan instead.`,
  );
}

export async function createCheckout(options: CreateCheckoutOptions): Promise<CheckoutAnswer> {
  const { billing, user, body, now } = options;
  const flow = body.flow ?? "web";
  const redirectUrl = safeRedirect(body.redirectUrl, options.redirectPolicy).url;
  const trackingReferer = body.trackingReferer?.trim() || null;
  const provider = billing.provider;
  return billing.serialize(user.id, async (db) => {
    const live = await liveSubscription(db, user.id, now);
    if (live) throw alreadySubscribed(live.state.tier, live.state.cancelAtPeriodEnd);
    await expireOpenCheckouts(db, billing, user.id);
    const customerId = await ensureCustomer(db, provider, user, now);
    const firstSubscription = (await userSubscriptions(db, user.id)).length === 0;
    const trialDays = firstSubscription ? billing.trialDays : 0;
    const metadata = {
      lumen_user_id: user.id,
      lumen_tier: body.tier,
      lumen_interval: body.interval,
      lumen_flow: flow,
      lumen_trial_days: String(trialDays),
    };
    const session = await provider.createCheckout({
      customerId,
      userId: user.id,
      tier: body.tier,
      interval: body.interval,
      amount: priceFor(billing.prices, body.tier, body.interval),
      currency: billing.currency,
      trialDays,
      successUrl: `${options.origin}${successPath(flow, SESSION_ID_PLACEHOLDER, redirectUrl)}`,
      cancelUrl: `${options.origin}${cancelPath(flow, redirectUrl, trackingReferer)}`,
      metadata,
    });
    await db.insert(schema.checkoutSessions).values({
      id: session.id,
      provider: provider.name,
      userId: user.id,
      tier: body.tier,
      interval: body.interval,
      flow,
      status: "open",
      redirectUrl,
      trackingReferer,
      createdAt: now,
    });
    return { sessionId: session.id, url: session.url };
  });
}

/** Ends the learner's open checkouts, at the provider first, so none of them can still be paid. */
async function expireOpenCheckouts(db: Db, billing: BillingService, userId: string) {
  const open = await db
    .select({ id: schema.checkoutSessions.id, provider: schema.checkoutSessions.provider })
    .from(schema.checkoutSessions)
    .where(
      and(eq(schema.checkoutSessions.userId, userId), eq(schema.checkoutSessions.status, "open")),
    );
  for (const checkout of open) {
    if (checkout.provider === billing.provider.name) {
      const outcome = await billing.provider.expireCheckout(checkout.id);
      // Paid a moment ago, its webhook not here yet: a second checkout would charge twice.
      if (outcome === "paid") {
        throw new AppError(
          "conflict",
          "Your payment is being confirmed; your plan will be active in a moment. Manage your plan from there.",
        );
      }
    }
    await db
      .update(schema.checkoutSessions)
      .set({ status: "expired" })
      .where(
        and(
          eq(schema.checkoutSessions.id, checkout.id),
          eq(schema.checkoutSessions.status, "open"),
        ),
      );
  }
}
