/**
 * How a checkout ended (GET /v1/billing/checkout/{id}), for its owner only: another learner's
 * checkout is "not found", as a missing one is. `planActive` once the provider's event has been
 * applied and the subscription gives its plan now; the success page waits for it.
 */
import type { CheckoutStatusAnswer } from "@lumen/contracts";
import { grantsAccess, isPlanTier, planLabel } from "@lumen/core";
import { and, type Db, eq, schema } from "@lumen/db";
import { stateOf } from "../billing/subscription-rows.ts";
import { errors } from "../errors.ts";

export interface ReadCheckoutOptions {
  db: Db;
  id: string;
  userId: string;
  now: Date;
  graceDays: number;
}

export async function readCheckout(options: ReadCheckoutOptions): Promise<CheckoutStatusAnswer> {
  const { db } = options;
  const [checkout] = await db
    .select()
    .from(schema.checkoutSessions)
    .where(
      and(
        eq(schema.checkoutSessions.id, options.id),
        eq(schema.checkoutSessions.userId, options.userId),
      ),
    );
  if (!checkout || !isPlanTier(checkout.tier)) throw errors.notFound("This checkout");
  let planActive = false;
  if (checkout.status === "complete" && checkout.subscriptionId) {
    const [row] = await db
      .select()
      .from(schema.subscriptions)
      .where(
        and(
          eq(schema.subscriptions.provider, checkout.provider),
          eq(schema.subscriptions.providerSubscriptionId, checkout.subscriptionId),
        ),
      );
    const state = row ? stateOf(row) : null;
    planActive = state !== null && grantsAccess(state, options.now, options.graceDays);
  }
  return {
    id: checkout.id,
    status: checkout.status as CheckoutStatusAnswer["status"],
    tier: checkout.tier,
    label: planLabel(checkout.tier),
    interval: checkout.interval as CheckoutStatusAnswer["interval"],
    flow: checkout.flow as CheckoutStatusAnswer["flow"],
    redirectUrl: checkout.redirectUrl,
    planActive,
  };
}
