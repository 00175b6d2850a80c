/**
 * Outside production only (POST /v1/billing/local/portal/simulate-renewal-failure): the renewal
 * comes due now and the card fails, as invoice.payment_failed and a past_due subscription for
 * the new period. The grace period, its banner and "Keep my plan" can then be tried by hand and
 * by tests.
 */
import { addInterval } from "@lumen/core";
import type { Logger } from "pino";
import type { BillingService } from "../billing/billing-service.ts";
import { localProviderOf } from "../billing/local-checkout.ts";
import { cycleInvoiceEvent } from "../billing/local-events.ts";
import { managedSubscription, sendLocalUpdate, withoutStateAt } from "../billing/local-portal.ts";
import { AppError } from "../errors.ts";

export async function localPortalSimulateFailure(options: {
  billing: BillingService;
  userId: string;
  now: Date;
  logger: Logger;
}): Promise<void> {
  const { billing, userId, now, logger } = options;
  localProviderOf(billing);
  await billing.serialize(userId, async (db) => {
    const managed = await managedSubscription(db, userId, now);
    const current = withoutStateAt(managed.state);
    if (current.status !== "active" && current.status !== "trialing") {
      throw new AppError("conflict", "Only a plan in good standing can fail its renewal.");
    }
    const state = {
      ...current,
      status: "past_due" as const,
      currentPeriodStart: now,
      currentPeriodEnd: addInterval(now, current.interval),
    };
    await sendLocalUpdate({
      db,
      billing,
      managed,
      state,
      now,
      logger,
      before: (sub) => [
        cycleInvoiceEvent({
          sub,
          paid: false,
          plan: state,
          period: { start: state.currentPeriodStart, end: state.currentPeriodEnd },
          now,
        }),
      ],
    });
  });
}
