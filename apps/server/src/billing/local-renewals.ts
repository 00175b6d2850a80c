/**
 * The local provider's clock (run by the billing worker's timer): what Stripe does by itself at
 * a period's end. A running subscription renews (invoice.paid and the new period, catching up on
 * periods missed while the server was off); one canceled at period end ends; one past due past
 * its grace ends too, as Stripe cancels after its last retry. The same events as every change.
 */
import { addInterval, graceUntil, type SubscriptionState } from "@lumen/core";
import { and, type Db, eq, inArray, or, schema, sql } from "@lumen/db";
import type { Logger } from "pino";
import { findCustomerId } from "./billing-customers.ts";
import type { BillingService } from "./billing-service.ts";
import { cycleInvoiceEvent } from "./local-events.ts";
import { sendLocalUpdate, withoutStateAt } from "./local-portal.ts";
import { stateOf } from "./subscription-rows.ts";

type Due = { kind: "end" } | { kind: "renew"; start: Date; end: Date } | null;

/** What is due for a subscription at `now`, if anything. */
export function dueChange(state: SubscriptionState, now: Date, graceDays: number): Due {
  const t = now.getTime();
  if (state.status === "past_due") {
    const until = graceUntil(state, graceDays);
    return until && until.getTime() <= t ? { kind: "end" } : null;
  }
  if (state.status !== "active" && state.status !== "trialing") return null;
  if (state.currentPeriodEnd.getTime() > t) return null;
  if (state.cancelAtPeriodEnd) return { kind: "end" };
  let start = state.currentPeriodEnd;
  let end = addInterval(start, state.interval);
  while (end.getTime() <= t) {
    start = end;
    end = addInterval(start, state.interval);
  }
  return { kind: "renew", start, end };
}

export async function renewLocalSubscriptions(options: {
  billing: BillingService;
  db: Db;
  now: Date;
  logger: Logger;
}): Promise<number> {
  const { billing, db, now, logger } = options;
  const candidates = await db
    .select({ id: schema.subscriptions.id, userId: schema.subscriptions.userId })
    .from(schema.subscriptions)
    .where(
      and(
        eq(schema.subscriptions.provider, "local"),
        inArray(schema.subscriptions.status, ["active", "trialing", "past_due"]),
        // Only what may be due: a period over, or a grace running out.
        or(
          sql`${schema.subscriptions.currentPeriodEnd} <= ${now.toISOString()}`,
          eq(schema.subscriptions.status, "past_due"),
        ),
      ),
    );
  let changed = 0;
  for (const candidate of candidates) {
    await billing.serialize(candidate.userId, async (tx) => {
      const [row] = await tx
        .select()
        .from(schema.subscriptions)
        .where(eq(schema.subscriptions.id, candidate.id));
      const state = row ? stateOf(row) : null;
      const due = state ? dueChange(state, now, billing.graceDays) : null;
      const customerId = due && row ? await findCustomerId(tx, "local", row.userId) : null;
      if (!row || !state || !due || !customerId) return;
      const managed = { row, state, customerId };
      const current = withoutStateAt(state);
      changed += 1;
      if (due.kind === "end") {
        const ended = {
          ...current,
          status: "canceled" as const,
          canceledAt: current.canceledAt ?? now,
        };
        await sendLocalUpdate({
          db: tx,
          billing,
          managed,
          state: ended,
          now,
          logger,
          type: "customer.subscription.deleted",
        });
        return;
      }
      const renewed = {
        ...current,
        status: "active" as const,
        currentPeriodStart: due.start,
        currentPeriodEnd: due.end,
      };
      await sendLocalUpdate({
        db: tx,
        billing,
        managed,
        state: renewed,
        now,
        logger,
        before: (sub) => [
          cycleInvoiceEvent({
            sub,
            paid: true,
            plan: renewed,
            period: { start: due.start, end: due.end },
            now,
          }),
        ],
      });
    });
  }
  return changed;
}
