/**
 * The local portal's plan change (POST /v1/billing/local/portal/change-plan {tier, interval}),
 * prorated as Stripe does by default: the unused time of the current plan is credited and the
 * new plan charged for the rest of the period (a change of interval starts a new period now),
 * recorded as an invoice with its proration lines before the subscription's update. A trial
 * changes plan without charge.
 */
import type { BillingInterval, PurchasableTier } from "@lumen/core";
import { addInterval, planLabel, prorate } from "@lumen/core";
import type { Logger } from "pino";
import type { BillingService } from "../billing/billing-service.ts";
import { localProviderOf } from "../billing/local-checkout.ts";
import { invoiceObject, localEvent } from "../billing/local-events.ts";
import { managedSubscription, sendLocalUpdate, withoutStateAt } from "../billing/local-portal.ts";
import { priceFor } from "../billing/plan-prices.ts";
import { AppError } from "../errors.ts";

export async function localPortalChangePlan(options: {
  billing: BillingService;
  userId: string;
  tier: PurchasableTier;
  interval: BillingInterval;
  now: Date;
  logger: Logger;
}): Promise<void> {
  const { billing, userId, tier, interval, now, logger } = options;
  localProviderOf(billing);
  await billing.serialize(userId, async (db) => {
    const managed = await managedSubscription(db, userId, now);
    const current = withoutStateAt(managed.state);
    if (current.status === "past_due") {
      throw new AppError(
        "conflict",
        "Your last payment failed: keep your plan (which pays it) before changing it.",
      );
    }
    if (current.tier === tier && current.interval === interval) {
      throw new AppError("conflict", `You have the ${planLabel(tier)} already.`);
    }
    const trialing = current.status === "trialing";
    const newPeriod = !trialing && current.interval !== interval;
    const state = {
      ...current,
      tier,
      interval,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      ...(newPeriod
        ? { currentPeriodStart: now, currentPeriodEnd: addInterval(now, interval) }
        : {}),
    };
    const proration = prorate({
      fromAmount: priceFor(billing.prices, current.tier, current.interval),
      toAmount: priceFor(billing.prices, tier, interval),
      periodStart: current.currentPeriodStart,
      periodEnd: current.currentPeriodEnd,
      at: now,
      newPeriod,
    });
    await sendLocalUpdate({
      db,
      billing,
      managed,
      state,
      now,
      logger,
      before: (sub) =>
        trialing
          ? []
          : [
              localEvent(
                "invoice.paid",
                invoiceObject({
                  sub,
                  paid: true,
                  billingReason: "subscription_update",
                  lines: [
                    {
                      amount: -proration.credit,
                      description: `Unused time on the ${planLabel(current.tier)}`,
                      periodStart: now,
                      periodEnd: current.currentPeriodEnd,
                      proration: true,
                    },
                    {
                      amount: proration.charge,
                      description: newPeriod
                        ? `${planLabel(tier)}, one ${interval}`
                        : `Remaining time on the ${planLabel(tier)}`,
                      periodStart: now,
                      periodEnd: state.currentPeriodEnd,
                      proration: !newPeriod,
                    },
                  ],
                }),
                now,
              ),
            ],
    });
  });
}
