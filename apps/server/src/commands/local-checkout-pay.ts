/**
 * Paying at the local checkout (POST /v1/billing/local/checkout/{id}/pay) with its test cards
 * (contracts LOCAL_TEST_CARDS): 4242… pays, 4000000000000002 is declined, 4000002500003155 asks
 * for the extra step (local-checkout-action.ts). Any other number is declined, as Stripe's test
 * mode declines real cards. A paid checkout answers success again and charges nothing more; a
 * learner who has a plan already is not charged a second time.
 */
import { LOCAL_TEST_CARDS, type LocalPayAnswer, type LocalPayBody } from "@lumen/contracts";
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
import { AppError, errors } from "../errors.ts";
import { alreadySubscribed } from "./create-checkout.ts";
import { endLocalCheckout } from "./local-checkout-action.ts";

export interface LocalCheckoutPayOptions {
  billing: BillingService;
  user: UserRow;
  checkoutId: string;
  body: LocalPayBody;
  now: Date;
  logger: Logger;
}

/** The card fields as a card form checks them; throws 400 naming the field. */
export function checkCard(body: LocalPayBody, now: Date): string {
  const number = body.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number)) {
    throw errors.validation("cardNumber: Enter the card number, 12 to 19 digits.");
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(body.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry?.[2] || month < 1 || month > 12) {
    throw errors.validation("expiry: Enter the expiry date as MM/YY.");
  }
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    throw errors.validation("expiry: This card has expired.");
  }
  if (!/^\d{3,4}$/.test(body.cvc.trim())) {
    throw errors.validation("cvc: Enter the 3 or 4 digits on the back of the card.");
  }
  if (body.name.trim().length === 0) throw errors.validation("name: Enter the name on the card.");
  return number;
}

const DECLINED = "Your card was declined. Try another card.";
const NOT_A_TEST_CARD =
  "This card was declined: the local checkout takes only its test cards (4242 4242 4242 4242 pays).";

export async function localCheckoutPay(options: LocalCheckoutPayOptions): Promise<LocalPayAnswer> {
  const { billing, user, now, logger } = options;
  const provider = localProviderOf(billing);
  const card = checkCard(options.body, now);
  return billing.serialize(user.id, async (db) => {
    const checkout = await findLocalCheckout(db, options.checkoutId, user.id);
    if (checkout.status === "complete") return successAnswer(checkout);
    if (checkout.status !== "open") {
      throw new AppError("conflict", "This checkout has ended. Start again from the plans page.");
    }
    const live = await liveSubscription(db, user.id, now);
    if (live) {
      await endLocalCheckout(db, checkout.id);
      throw alreadySubscribed(live.state.tier, live.state.cancelAtPeriodEnd);
    }
    const attempt = (
      status: "requires_action" | "canceled" | "requires_payment_method",
      type: string,
      resolvesStep: boolean,
    ) =>
      localEvent(
        type,
        paymentIntentObject({
          checkoutId: checkout.id,
          status,
          amount: priceFor(billing.prices, checkout.tier, checkout.interval),
          currency: billing.currency,
          resolvesStep,
        }),
        now,
      );
    // Paying again replaces an extra step left waiting.
    const replaced = (await hasPendingStep(db, checkout.id))
      ? [attempt("canceled", "payment_intent.canceled", true)]
      : [];
    if (card === LOCAL_TEST_CARDS.succeeds) {
      return completeLocalCheckout({ db, billing, checkout, now, logger, before: replaced });
    }
    const requiresAction = card === LOCAL_TEST_CARDS.requiresAction;
    const events = [
      ...replaced,
      requiresAction
        ? attempt("requires_action", "payment_intent.requires_action", false)
        : attempt("requires_payment_method", "payment_intent.payment_failed", false),
    ];
    await deliverLocalEvents({ db, provider, events, now, logger });
    if (requiresAction) {
      return {
        outcome: "requires_action",
        message: "Your bank asks you to confirm this payment.",
        successUrl: null,
      };
    }
    return {
      outcome: "declined",
      message: card === LOCAL_TEST_CARDS.declined ? DECLINED : NOT_A_TEST_CARD,
      successUrl: null,
    };
  });
}
