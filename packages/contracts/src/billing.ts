/**
 * Subscriptions, checkout and credits (issue 15): the API's shapes, shared by the server and the
 * web app. Plans come from @lumen/core's catalogue; prices from the server's settings.
 */
import {
  BILLING_INTERVALS,
  type BillingInterval,
  PLAN_TIERS,
  type PlanTier,
  PURCHASABLE_TIERS,
  type PurchasableTier,
} from "@lumen/core";
import { z } from "./zod.ts";

export const BILLING_PROVIDERS = ["local", "stripe"] as const;
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];

export const planTierSchema = z.enum(PLAN_TIERS as unknown as [PlanTier, ...PlanTier[]]);
export const purchasableTierSchema = z.enum(
  PURCHASABLE_TIERS as unknown as [PurchasableTier, ...PurchasableTier[]],
);
export const billingIntervalSchema = z.enum(
  BILLING_INTERVALS as unknown as [BillingInterval, ...BillingInterval[]],
);

export const SUBSCRIPTION_STATUSES = [
  "trialing",
  "active",
  "past_due",
  "canceled",
  "incomplete",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

/** The two ways into checkout (spec section 2): the web's, and the web-to-app flow's. */
export const CHECKOUT_FLOWS = ["web", "web2app"] as const;
export type CheckoutFlow = (typeof CHECKOUT_FLOWS)[number];

export const entitlementsSchema = z.object({
  allLessons: z.boolean(),
  ai: z.boolean(),
  appBuilder: z.boolean(),
  instances: z.boolean(),
});

const datetime = z.string();

/** One plan as the plans page shows it; `prices` is null for tiers that are not sold. */
export const planSchema = z.object({
  tier: planTierSchema,
  label: z.string(),
  monthlyCredits: z.number(),
  entitlements: entitlementsSchema,
  purchasable: z.boolean(),
  prices: z.nullable(z.object({ month: z.number(), year: z.number() })),
});
export type Plan = z.infer<typeof planSchema>;

/** `GET /v1/billing/plans` (public): the catalogue, the currency and which provider takes payment. */
export const plansAnswerSchema = z.object({
  currency: z.string(),
  provider: z.enum(BILLING_PROVIDERS),
  plans: z.array(planSchema),
});
export type PlansAnswer = z.infer<typeof plansAnswerSchema>;

/** A subscription as the learner sees it. `graceUntil`: past_due keeps access until then. */
export const subscriptionViewSchema = z.object({
  tier: planTierSchema,
  label: z.string(),
  interval: billingIntervalSchema,
  status: subscriptionStatusSchema,
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: datetime,
  trialEnd: z.nullable(datetime),
  graceUntil: z.nullable(datetime),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const creditsSummarySchema = z.object({
  balance: z.number(),
  /** When the next period's allowance is granted, and how much; null without a credit plan. */
  nextGrantAt: z.nullable(datetime),
  nextGrantAmount: z.number(),
});
export type CreditsSummary = z.infer<typeof creditsSummarySchema>;

/**
 * `GET /v1/me/plan`: the plan in force (the best of an active subscription and an admin grant),
 * where it comes from, what it unlocks, the subscription if any, and the credits.
 */
export const myPlanAnswerSchema = z.object({
  tier: planTierSchema,
  label: z.string(),
  source: z.enum(["free", "subscription", "grant"]),
  entitlements: entitlementsSchema,
  subscription: z.nullable(subscriptionViewSchema),
  credits: creditsSummarySchema,
});
export type MyPlanAnswer = z.infer<typeof myPlanAnswerSchema>;

const MAX_URL = 2048;

/** `POST /v1/billing/checkout`: start paying for a plan. `redirectUrl` is checked on the server. */
export const checkoutBodySchema = z.strictObject({
  tier: purchasableTierSchema,
  interval: billingIntervalSchema,
  flow: z.optional(z.enum(CHECKOUT_FLOWS)),
  redirectUrl: z.optional(z.string().check(z.maxLength(MAX_URL))),
  trackingReferer: z.optional(z.string().check(z.maxLength(200))),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** Where to send the browser: the provider's checkout page. */
export const checkoutAnswerSchema = z.object({ sessionId: z.string(), url: z.string() });
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

export const CHECKOUT_STATUSES = ["open", "complete", "expired"] as const;

/**
 * `GET /v1/billing/checkout/{id}` (its owner only): how a checkout ended; `planActive` once the
 * provider's webhook has been applied and the plan is in force.
 */
export const checkoutStatusAnswerSchema = z.object({
  id: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  tier: planTierSchema,
  label: z.string(),
  interval: billingIntervalSchema,
  flow: z.enum(CHECKOUT_FLOWS),
  redirectUrl: z.nullable(z.string()),
  planActive: z.boolean(),
});
export type CheckoutStatusAnswer = z.infer<typeof checkoutStatusAnswerSchema>;

/** `POST /v1/billing/portal`: the provider's page to manage or cancel. */
export const portalBodySchema = z.strictObject({
  returnUrl: z.optional(z.string().check(z.maxLength(MAX_URL))),
});
export const portalAnswerSchema = z.object({ url: z.string() });
export type PortalAnswer = z.infer<typeof portalAnswerSchema>;

/** The local provider's test cards (its checkout page says which does what). */
export const LOCAL_TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  requiresAction: "4000002500003155",
} as const;

/** `GET /v1/billing/local/checkout/{id}`: what the local checkout page shows. */
export const localCheckoutAnswerSchema = z.object({
  id: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  tier: planTierSchema,
  label: z.string(),
  interval: billingIntervalSchema,
  amount: z.number(),
  currency: z.string(),
  email: z.string(),
  cancelUrl: z.string(),
});
export type LocalCheckoutAnswer = z.infer<typeof localCheckoutAnswerSchema>;

/** `POST /v1/billing/local/checkout/{id}/pay`. */
export const localPayBodySchema = z.strictObject({
  cardNumber: z.string().check(z.maxLength(40)),
  expiry: z.string().check(z.maxLength(10)),
  cvc: z.string().check(z.maxLength(8)),
  name: z.string().check(z.maxLength(200)),
});
export type LocalPayBody = z.infer<typeof localPayBodySchema>;

/** `POST /v1/billing/local/checkout/{id}/action`: the extra step's answer (approve or fail it). */
export const localActionBodySchema = z.strictObject({ approve: z.boolean() });

/** `POST /v1/billing/local/portal/change-plan`: the plan to move to (prorated). */
export const localChangePlanBodySchema = z.strictObject({
  tier: purchasableTierSchema,
  interval: billingIntervalSchema,
});
export type LocalChangePlanBody = z.infer<typeof localChangePlanBodySchema>;

/** `POST /v1/billing/webhooks/{provider}`: the event was stored (or had been: `duplicate`). */
export const webhookAnswerSchema = z.object({ received: z.boolean(), duplicate: z.boolean() });

export const localPayAnswerSchema = z.object({
  outcome: z.enum(["succeeded", "declined", "requires_action"]),
  message: z.string(),
  /** Where the browser goes next on success: the success page of the checkout's flow. */
  successUrl: z.nullable(z.string()),
});
export type LocalPayAnswer = z.infer<typeof localPayAnswerSchema>;

/** One line of the credit ledger as the learner sees it. */
export const creditEntrySchema = z.object({
  id: z.number(),
  amount: z.number(),
  kind: z.enum(["grant", "debit", "admin", "expire"]),
  reason: z.string(),
  balanceAfter: z.number(),
  createdAt: datetime,
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/** `GET /v1/me/credits?before={id}`: the balance and the ledger, newest first, a page at a time. */
export const creditsAnswerSchema = z.extend(creditsSummarySchema, {
  entries: z.array(creditEntrySchema),
  nextBefore: z.nullable(z.number()),
});
export type CreditsAnswer = z.infer<typeof creditsAnswerSchema>;

/** Ledger entries a page of `GET /v1/me/credits` answers. */
export const CREDITS_PAGE_SIZE = 20;

/** `GET /v1/me/credits?before={id}`: the page of entries older than that id (newest first). */
export const creditsQuerySchema = z.object({
  before: z.optional(z.string().check(z.regex(/^[1-9]\d{0,15}$/))),
});
export type CreditsQuery = z.infer<typeof creditsQuerySchema>;

export type { BillingInterval, PurchasableTier };
