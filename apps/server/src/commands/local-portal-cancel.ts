/**
 * The local portal's "Cancel plan" (POST /v1/billing/local/portal/cancel): the plan runs to the
 * end of the period already paid, then ends, as Stripe's portal cancels by default. Cancelling
 * again changes nothing.
 */
import type { Logger } from "pino";
import type { BillingService } from "../billing/billing-service.ts";
import { localProviderOf } from "../billing/local-checkout.ts";
import { managedSubscription, sendLocalUpdate, withoutStateAt } from "../billing/local-portal.ts";

export async function localPortalCancel(options: {
  billing: BillingService;
  userId: string;
  now: Date;
  logger: Logger;
}): Promise<void> {
  const { billing, userId, now, logger } = options;
  localProviderOf(billing);
  await billing.serialize(userId, async (db) => {
    const managed = await managedSubscription(db, userId, now);
    if (managed.state.cancelAtPeriodEnd) return;
    const state = { ...withoutStateAt(managed.state), cancelAtPeriodEnd: true, canceledAt: now };
    await sendLocalUpdate({ db, billing, managed, state, now, logger });
  });
}
