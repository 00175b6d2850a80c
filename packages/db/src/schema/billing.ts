/**
 * Subscriptions and credits (issue 15): the provider's customers, checkout sessions, subscriptions
 * as the provider's webhooks last said, the webhook events themselves (stored by id, so a repeat
 * is a no-op, and worked off reliably), admin-granted plans, and the append-only credit ledger
 * with its balance, which a CHECK keeps from going below zero.
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** A user's customer record at a billing provider ("local" or "stripe"). */
export const billingCustomers = pgTable(
  "billing_customers",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex("billing_customers_provider_customer_idx").on(t.provider, t.customerId),
  ],
);

/**
 * A checkout started by a learner: what they chose, where to go after, and how it ended.
 * `flow` is "web" or "web2app"; `status` is "open", "complete" or "expired".
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: text("tier").notNull(),
    interval: text("interval").notNull(),
    flow: text("flow").notNull().default("web"),
    status: text("status").notNull().default("open"),
    /** Checked against the redirect allow-list before it is stored. */
    redirectUrl: text("redirect_url"),
    trackingReferer: text("tracking_referer"),
    /** The provider subscription the completed checkout created. */
    subscriptionId: text("subscription_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("checkout_sessions_user_idx").on(t.userId, t.createdAt)],
);

/**
 * A subscription as its provider's events last described it. `status` is one of trialing, active,
 * past_due, canceled, incomplete; `cancelAtPeriodEnd` marks a cancellation that takes effect at
 * `currentPeriodEnd`. `stateAt` is the provider time of the event that wrote this state: an event
 * older than it never overwrites it.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: text("tier").notNull(),
    interval: text("interval").notNull(),
    status: text("status").notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    trialEnd: timestamp("trial_end", { withTimezone: true }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    stateAt: timestamp("state_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_provider_id_idx").on(t.provider, t.providerSubscriptionId),
    index("subscriptions_user_idx").on(t.userId),
  ],
);

/**
 * Every webhook event received, by the provider's event id: stored before it is acknowledged,
 * worked off after (`processedAt`), retried when the work failed or the process died.
 */
export const billingEvents = pgTable(
  "billing_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** The provider's time of the event (its `created`), for ordering per subscription. */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    payload: jsonb("payload").$type<unknown>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index("billing_events_pending_idx").on(t.processedAt, t.receivedAt),
    index("billing_events_subscription_idx").on(t.providerSubscriptionId, t.occurredAt),
    index("billing_events_user_idx").on(t.userId, t.receivedAt),
  ],
);

/** A plan an admin granted (staff, partner, or a courtesy tier), until revoked or `endsAt`. */
export const planGrants = pgTable(
  "plan_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: text("tier").notNull(),
    reason: text("reason").notNull(),
    grantedBy: uuid("granted_by").references(() => users.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("plan_grants_user_idx").on(t.userId)],
);

/**
 * The credit ledger: append-only. A grant is positive, a debit negative. The idempotency key is
 * unique per user, so a retried request or a redelivered webhook never counts twice.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    /** "grant" (a period's allowance), "debit" (a use), "admin" (granted by hand), "expire". */
    kind: text("kind").notNull(),
    /** What it was for: the plan and period, the feature used, the admin's reason. */
    reason: text("reason").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The balance right after this entry. */
    balanceAfter: integer("balance_after").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("credit_ledger_idempotency_idx").on(t.userId, t.idempotencyKey),
    index("credit_ledger_user_idx").on(t.userId, t.id),
  ],
);

/** Each user's credit balance: the ledger's sum, kept in step with it in one transaction. */
export const creditBalances = pgTable(
  "credit_balances",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("credit_balances_non_negative", sql`${t.balance} >= 0`)],
);
