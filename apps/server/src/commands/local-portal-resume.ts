import type { Logger } from "pino";
import type { BillingService } from "../billing/billing-service.ts";
import { localProviderOf } from "../billing/local-checkout.ts";
import { cycleInvoiceEvent } from "../billing/local-events.ts";
import { managedSubscription, sendLocalUpdate, withoutStateAt } from "../billing/local-portal.ts";
import { AppError } from "../errors.ts";

export async function localPortalResume(options: {
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
    if (current.cancelAtPeriodEnd) {
      const state = { ...current, cancelAtPeriodEnd: false, canceledAt: null };
      await sendLocalUpdate({ db, billing, managed, state, now, logger });
      return;
    }
    if (current.status !== "past_due") {
      throw new AppError("conflict", "Your plan renews already: there is nothing to resume.");
    }
    const state = { ...current, status: "active" as const };
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
          paid: true,
          plan: state,
          period: { start: state.currentPeriodStart, end: state.currentPeriodEnd },
          now,
        }),
      ],
    });
  });
}
