/**
 * What a payment provider does for us (issue 15, ADR 0044): start a checkout, end one nobody
 * should pay any more, open the customer portal, and check that a webhook is genuine. Two
 * implementations: Stripe (stripe-provider.ts) and local (local-provider.ts, the default, with
 * its own test-card checkout). Everything after a verified webhook (storing it by id, applying it
 * in order) is the same code for both, so the two differ only here.
 */
import type { BillingProviderName } from "@lumen/contracts";
import type { BillingInterval, PurchasableTier } from "@lumen/core";

export interface BillingCustomerInput {
  userId: string;
  email: string;
  name: string | null;
}

export interface CheckoutInput {
  customerId: string;
  userId: string;
  tier: PurchasableTier;
  interval: BillingInterval;
  /** The price in the currency's minor units. */
  amount: number;
  currency: string;
  /** Free days before the first charge (0: none). */
  trialDays: number;
  /** Where the provider sends the browser after paying; `{CHECKOUT_SESSION_ID}` is filled in. */
  successUrl: string;
  cancelUrl: string;
  /** Carried on the checkout and the subscription it creates, so that events name their user. */
  metadata: Record<string, string>;
}

/** A webhook whose signature was checked: the provider's event id, type and time. */
export interface VerifiedEvent {
  id: string;
  type: string;
  occurredAt: Date;
  payload: unknown;
}

export interface BillingProvider {
  readonly name: BillingProviderName;
  /** The provider's customer for one of our users (called once per user; we keep the id). */
  createCustomer(input: BillingCustomerInput): Promise<string>;
  /** A checkout at the provider: its id and the page the browser goes to. */
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /**
   * Ends an open checkout so it can no longer be paid (a newer one replaces it): "paid" when it
   * was paid already (its webhook may not have arrived), "ended" otherwise.
   */
  expireCheckout(id: string): Promise<"ended" | "paid">;
  /** The provider's page where the customer changes plan, updates the card or cancels. */
  createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Checks the signature over the raw body; throws AppError("bad_request") when it fails. */
  verifyWebhook(rawBody: string, headers: Headers): Promise<VerifiedEvent>;
}
