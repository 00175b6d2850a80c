/**
 * Admin console contracts: subscriptions, plan grants and credits (issue 15). The server parses
 * requests with these and the console reads answers through them. Staff and partner tiers (and a
 * courtesy tier) are plans an admin grants, not prices.
 */
import { PLAN_TIERS, type PlanTier } from "@lumen/core";
import {
  creditEntrySchema,
  myPlanAnswerSchema,
  planTierSchema,
  SUBSCRIPTION_STATUSES,
} from "../billing.ts";
import { z } from "../zod.ts";

/** Users a page of `GET /v1/admin/subscriptions` answers. */
export const ADMIN_SUBSCRIPTIONS_PAGE_SIZE = 25;
/** Webhook events `GET /v1/admin/users/:userId/billing` answers, newest first. */
export const ADMIN_BILLING_EVENTS_SHOWN = 50;
/** The longest reason an admin gives (it is shown in the learner's ledger). */
export const ADMIN_BILLING_REASON_MAX = 200;
/** The most credits one admin grant gives. */
export const ADMIN_CREDIT_GRANT_MAX = 100_000;

/** The actions this area writes to the audit log. */
export const BILLING_AUDIT_ACTIONS = [
  "billing.plan.grant",
  "billing.plan.revoke",
  "billing.credits.grant",
] as const;

/** The list's filter: a subscription's status, or "granted" (an admin's plan grant in force). */
export const ADMIN_SUBSCRIPTION_STATES = [...SUBSCRIPTION_STATUSES, "granted"] as const;
export type AdminSubscriptionState = (typeof ADMIN_SUBSCRIPTION_STATES)[number];

/** Every tier but free can be granted. */
export const GRANTABLE_TIERS = PLAN_TIERS.filter((t) => t !== "free") as Exclude<
  PlanTier,
  "free"
>[];
export const grantableTierSchema = z.enum(
  GRANTABLE_TIERS as unknown as [Exclude<PlanTier, "free">, ...Exclude<PlanTier, "free">[]],
);

const datetime = z.iso.datetime({ offset: true });
const uuid = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const reason = z
  .string()
  .check(z.trim(), z.minLength(1, "give a reason"), z.maxLength(ADMIN_BILLING_REASON_MAX));

/** `GET /v1/admin/subscriptions?query=&state=&cursor=`: by email or name, any case. */
export const adminSubscriptionsQuerySchema = z.object({
  query: z.optional(z.string().check(z.maxLength(200))),
  state: z.optional(z.enum(ADMIN_SUBSCRIPTION_STATES)),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(320))),
});
export type AdminSubscriptionsQuery = z.infer<typeof adminSubscriptionsQuerySchema>;

export const adminBillingUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.nullable(z.string()),
});

export const adminSubscriptionSchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerSubscriptionId: z.string(),
  tier: planTierSchema,
  label: z.string(),
  interval: z.string(),
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodStart: datetime,
  currentPeriodEnd: datetime,
  trialEnd: z.nullable(datetime),
  canceledAt: z.nullable(datetime),
  /** Whether it gives its plan now, and until when a failed payment's grace lasts. */
  active: z.boolean(),
  graceUntil: z.nullable(datetime),
  createdAt: datetime,
  updatedAt: datetime,
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

export const adminPlanGrantSchema = z.object({
  id: z.string(),
  tier: planTierSchema,
  label: z.string(),
  reason: z.string(),
  grantedBy: z.nullable(z.object({ id: z.string(), email: z.string() })),
  startsAt: datetime,
  endsAt: z.nullable(datetime),
  revokedAt: z.nullable(datetime),
  active: z.boolean(),
});
export type AdminPlanGrant = z.infer<typeof adminPlanGrantSchema>;

/** One user in the list: the plan in force, their subscription and grant, their balance. */
export const adminSubscriptionRowSchema = z.object({
  user: adminBillingUserSchema,
  tier: planTierSchema,
  label: z.string(),
  source: z.enum(["free", "subscription", "grant"]),
  subscription: z.nullable(adminSubscriptionSchema),
  grant: z.nullable(adminPlanGrantSchema),
  balance: z.number(),
});
export type AdminSubscriptionRow = z.infer<typeof adminSubscriptionRowSchema>;

export const adminSubscriptionsPageSchema = z.object({
  rows: z.array(adminSubscriptionRowSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.nullable(z.string()),
});
export type AdminSubscriptionsPage = z.infer<typeof adminSubscriptionsPageSchema>;

/** A webhook event as stored: when it came, whether it was applied, and its last error. */
export const adminBillingEventSchema = z.object({
  provider: z.string(),
  eventId: z.string(),
  type: z.string(),
  providerSubscriptionId: z.nullable(z.string()),
  occurredAt: datetime,
  receivedAt: datetime,
  processedAt: z.nullable(datetime),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
});
export type AdminBillingEvent = z.infer<typeof adminBillingEventSchema>;

/** A ledger line as the console shows it: the learner's view, its key and the admin who gave it. */
export const adminCreditEntrySchema = z.extend(creditEntrySchema, {
  idempotencyKey: z.string(),
  actor: z.nullable(z.object({ id: z.string(), email: z.string() })),
});
export type AdminCreditEntry = z.infer<typeof adminCreditEntrySchema>;

export const adminCreditsPageSchema = z.object({
  entries: z.array(adminCreditEntrySchema),
  nextBefore: z.nullable(z.number()),
});
export type AdminCreditsPage = z.infer<typeof adminCreditsPageSchema>;

/**
 * `GET /v1/admin/users/:userId/billing`, and what every change here answers: the user's plan as
 * they see it, every subscription and grant, the latest webhook events, the ledger's first page.
 */
export const adminBillingDetailSchema = z.object({
  user: adminBillingUserSchema,
  plan: myPlanAnswerSchema,
  subscriptions: z.array(adminSubscriptionSchema),
  grants: z.array(adminPlanGrantSchema),
  events: z.array(adminBillingEventSchema),
  ledger: adminCreditsPageSchema,
});
export type AdminBillingDetail = z.infer<typeof adminBillingDetailSchema>;

/** `POST /v1/admin/users/:userId/plan-grants`: replaces the grant in force, if any. */
export const adminGrantPlanBodySchema = z.strictObject({
  tier: grantableTierSchema,
  reason,
  /** When it ends by itself; none: until revoked. */
  endsAt: z.optional(datetime),
});
export type AdminGrantPlanBody = z.infer<typeof adminGrantPlanBodySchema>;

/** `:grantId` in POST /v1/admin/users/:userId/plan-grants/:grantId/revoke. */
export const adminPlanGrantParamsSchema = z.object({ userId: uuid, grantId: uuid });

/**
 * `POST /v1/admin/users/:userId/credits`. The console sends one key per form it shows, so that a
 * double click or a retry grants once.
 */
export const adminGrantCreditsBodySchema = z.strictObject({
  amount: z.number().check(z.int(), z.gte(1), z.lte(ADMIN_CREDIT_GRANT_MAX)),
  reason,
  idempotencyKey: z.optional(z.string().check(z.minLength(8), z.maxLength(100))),
});
export type AdminGrantCreditsBody = z.infer<typeof adminGrantCreditsBodySchema>;
