/**
 * A plan the learner chose (issue 15) and where it travels: the checkout request it becomes, and
 * the /go-to-checkout address that carries it through sign-up (a guest chooses first, then makes
 * an account, then pays, without choosing twice).
 */
import type {
  BillingInterval,
  CheckoutBody,
  CheckoutFlow,
  PurchasableTier,
} from "@lumen/contracts";

export interface PlanChoice {
  tier: PurchasableTier;
  interval: BillingInterval;
  flow: CheckoutFlow;
  /** Already through the allow-list (return-to.ts); the server checks it again. */
  redirectUrl?: string;
  trackingReferer?: string;
}

/** The body of POST /v1/billing/checkout, without the fields that are not set. */
export function checkoutBody(choice: PlanChoice): CheckoutBody {
  return {
    tier: choice.tier,
    interval: choice.interval,
    flow: choice.flow,
    ...(choice.redirectUrl ? { redirectUrl: choice.redirectUrl } : {}),
    ...(choice.trackingReferer ? { trackingReferer: choice.trackingReferer.slice(0, 200) } : {}),
  };
}

/** The search of /go-to-checkout and /web2app/signup for a choice. */
export function choiceSearch(choice: PlanChoice) {
  return {
    tier: choice.tier,
    interval: choice.interval,
    redirectUrl: choice.redirectUrl,
    trackingReferer: choice.trackingReferer,
  };
}

/** "/go-to-checkout?tier=…": where sign-up sends a guest who chose a plan on /web/subscribe. */
export function goToCheckoutPath(choice: PlanChoice): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...choiceSearch(choice), flow: choice.flow })) {
    if (value) params.set(key, value);
  }
  return `/go-to-checkout?${params.toString()}`;
}

/** Where a web-to-app step reports itself (analytics `web2app_step`). */
export type Web2AppStep = "subscribe" | "signup" | "checkout" | "success";
