/**
 * The local checkout's extra step (POST /v1/billing/local/checkout/{id}/action), like a bank's
 * 3-D Secure page: approving it completes the payment, refusing it declines it. Only a payment
 * that asked for the step can take it; anything else is a 409.
 */
import type { LocalPayAnswer } from "@lumen/contracts";
import { and, type Db, eq, schema } from "@lumen/db";
import type { Logger } from "pino";
import type { UserRow } from "../auth/users.ts";
import type { BillingService } from "../billing/billing-service.ts";
import { deliverLocalEvents } from "../billing/deliver-local-events.ts";
import {
  completeLocalCheckout,
  findLocalCheckout,
  hasPendingStep,
  localProviderOf,
  successAnswer,
} from "../billing/local-checkout.ts";
import { localEvent, paymentIntentObject } from "../billing/local-events.ts";
import { priceFor } from "../billing/plan-prices.ts";
import { liveSubscription } from "../billing/subscription-rows.ts";
import { AppError } from "../errors.ts";
import { alreadySubscribed } from "./create-checkout.ts";

export interface LocalCheckoutActionOptions {
  billing: BillingService;
  user: UserRow;
  checkoutId: string;
  approve: boolean;
  now: Date;
  logger: Logger;
}

/** Marks an open local checkout expired (a learner who has a plan already cannot pay it). */
export async function endLocalCheckout(db: Db, id: string): Promise<void> {
  await db
    .update(schema.checkoutSessions)
    .set({ status: "expired" })
    .where(and(eq(schema.checkoutSessions.id, id), eq(schema.checkoutSessions.status, "open")));
}

export async function localCheckoutAction(
  options: LocalCheckoutActionOptions,
): Promise<LocalPayAnswer> {
  const { billing, user, now, logger } = options;
  const provider = localProviderOf(billing);
  return billing.serialize(user.id, async (db) => {
    const checkout = await findLocalCheckout(db, options.checkoutId, user.id);
    if (checkout.status === "complete") return successAnswer(checkout);
    if (checkout.status !== "open") {
      throw new AppError("conflict", "This checkout has ended. Start again from the plans page.");
    }
    if (!(await hasPendingStep(db, checkout.id))) {
      throw new AppError(
        "conflict",
        "No payment is waiting for confirmation on this checkout. Pay with a card first.",
      );
    }
    const settled = localEvent(
      options.approve ? "payment_intent.succeeded" : "payment_intent.payment_failed",
      paymentIntentObject({
        checkoutId: checkout.id,
        status: options.approve ? "succeeded" : "requires_payment_method",
        amount: priceFor(billing.prices, checkout.tier, checkout.interval),
        currency: billing.currency,
        resolvesStep: true,
      }),
      now,
    );
    if (!options.approve) {
      await deliverLocalEvents({ db, provider, events: [settled], now, logger });
      return {
        outcome: "declined",
        message:
          "The payment was not confirmed, so nothing was charged. Try again or use another card.",
        successUrl: null,
      };
    }
    const live = await liveSubscription(db, user.id, now);
    if (live) {
      await endLocalCheckout(db, checkout.id);
      throw alreadySubscribed(live.state.tier, live.state.cancelAtPeriodEnd);
    }
    return completeLocalCheckout({ db, billing, checkout, now, logger, before: [settled] });
  });
}
