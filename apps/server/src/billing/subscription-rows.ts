/**
 * `subscriptions` rows as @lumen/core's SubscriptionState and back, and the reads the billing
 * commands share: a learner's subscriptions, the one still live, the user behind a customer.
 */
import {
  type BillingInterval,
  isPurchasableTier,
  isSubscriptionLive,
  SUBSCRIPTION_STATES,
  type SubscriptionState,
  type SubscriptionStateName,
} from "@lumen/core";
import { and, type Db, desc, eq, schema } from "@lumen/db";

export type SubscriptionRow = typeof schema.subscriptions.$inferSelect;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** A row's state; null when the row holds what no event of ours writes (never, barring repairs). */
export function stateOf(row: SubscriptionRow): SubscriptionState | null {
  if (!isPurchasableTier(row.tier)) return null;
  if (row.interval !== "month" && row.interval !== "year") return null;
  if (!(SUBSCRIPTION_STATES as readonly string[]).includes(row.status)) return null;
  return {
    tier: row.tier,
    interval: row.interval as BillingInterval,
    status: row.status as SubscriptionStateName,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
    canceledAt: row.canceledAt,
    stateAt: row.stateAt,
  };
}

export async function userSubscriptions(db: Db | Tx, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(schema.subscriptions)
    .where(eq(schema.subscriptions.userId, userId))
    .orderBy(desc(schema.subscriptions.stateAt));
}

/** The learner's subscription the provider may still charge, if any (the newest first). */
export async function liveSubscription(
  db: Db | Tx,
  userId: string,
  now: Date,
  provider?: string,
): Promise<{ row: SubscriptionRow; state: SubscriptionState } | null> {
  for (const row of await userSubscriptions(db, userId)) {
    if (provider && row.provider !== provider) continue;
    const state = stateOf(row);
    if (state && isSubscriptionLive(state, now)) return { row, state };
  }
  return null;
}

/** Locks the subscription's row for the rest of the transaction; undefined when there is none. */
export async function lockSubscription(
  tx: Tx,
  provider: string,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(schema.subscriptions)
    .where(
      and(
        eq(schema.subscriptions.provider, provider),
        eq(schema.subscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    )
    .for("update");
  return row;
}

/** Writes a subscription's new state, creating its row on the first event. */
export async function saveSubscription(
  tx: Tx,
  key: { provider: string; providerSubscriptionId: string; userId: string },
  state: SubscriptionState,
  existing: SubscriptionRow | undefined,
  now: Date,
): Promise<void> {
  const values = {
    tier: state.tier,
    interval: state.interval,
    status: state.status,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    currentPeriodStart: state.currentPeriodStart,
    currentPeriodEnd: state.currentPeriodEnd,
    trialEnd: state.trialEnd,
    canceledAt: state.canceledAt,
    stateAt: state.stateAt,
    updatedAt: now,
  };
  if (existing) {
    await tx
      .update(schema.subscriptions)
      .set(values)
      .where(eq(schema.subscriptions.id, existing.id));
  } else {
    await tx.insert(schema.subscriptions).values({ ...key, ...values, createdAt: now });
  }
}

/** Our user behind a provider's customer id, else behind the user id our metadata carries. */
export async function userForCustomer(
  db: Db | Tx,
  provider: string,
  customerId: string | null,
  metadataUserId: string | undefined,
): Promise<string | null> {
  if (customerId) {
    const [customer] = await db
      .select({ userId: schema.billingCustomers.userId })
      .from(schema.billingCustomers)
      .where(
        and(
          eq(schema.billingCustomers.provider, provider),
          eq(schema.billingCustomers.customerId, customerId),
        ),
      );
    if (customer) return customer.userId;
  }
  if (metadataUserId && isUuid(metadataUserId)) {
    const [user] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.id, metadataUserId));
    if (user) return user.id;
  }
  return null;
}
