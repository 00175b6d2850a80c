/**
 * What the local portal's commands share: the learner's local subscription the portal manages,
 * and sending its new state as the events Stripe would send (customer.subscription.updated or
 * .deleted, with an invoice when money moves), through the same pipeline as every webhook.
 */
import type { SubscriptionState } from "@lumen/core";
import type { Db } from "@lumen/db";
import type { Logger } from "pino";
import { AppError } from "../errors.ts";
import { findCustomerId } from "./billing-customers.ts";
import type { BillingService } from "./billing-service.ts";
import { deliverLocalEvents } from "./deliver-local-events.ts";
import { localProviderOf } from "./local-checkout.ts";
import {
  type LocalEvent,
  type LocalSubscription,
  localEvent,
  subscriptionObject,
} from "./local-events.ts";
import { priceFor } from "./plan-prices.ts";
import { liveSubscription, type SubscriptionRow } from "./subscription-rows.ts";

export interface ManagedSubscription {
  row: SubscriptionRow;
  state: SubscriptionState;
  customerId: string;
}

/** The learner's local subscription that can still change, or 409 saying there is none. */
export async function managedSubscription(
  db: Db,
  userId: string,
  now: Date,
): Promise<ManagedSubscription> {
  const live = await liveSubscription(db, userId, now, "local");
  const customerId = live ? await findCustomerId(db, "local", userId) : null;
  if (!live || !customerId) {
    throw new AppError("conflict", "You have no plan to manage. Choose one on the plans page.");
  }
  return { ...live, customerId };
}

export function localSubscriptionOf(
  billing: BillingService,
  managed: ManagedSubscription,
  state: Omit<SubscriptionState, "stateAt">,
): LocalSubscription {
  return {
    id: managed.row.providerSubscriptionId,
    customerId: managed.customerId,
    userId: managed.row.userId,
    amount: priceFor(billing.prices, state.tier, state.interval),
    currency: billing.currency,
    state,
  };
}

/** Sends the subscription's new state (and any invoice before it) down the webhook pipeline. */
export async function sendLocalUpdate(options: {
  db: Db;
  billing: BillingService;
  managed: ManagedSubscription;
  state: Omit<SubscriptionState, "stateAt">;
  now: Date;
  logger: Logger;
  type?: "customer.subscription.updated" | "customer.subscription.deleted";
  before?: (sub: LocalSubscription) => LocalEvent[];
}): Promise<void> {
  const { billing, now } = options;
  const sub = localSubscriptionOf(billing, options.managed, options.state);
  const events = [
    ...(options.before?.(sub) ?? []),
    localEvent(options.type ?? "customer.subscription.updated", subscriptionObject(sub), now),
  ];
  await deliverLocalEvents({
    db: options.db,
    provider: localProviderOf(billing),
    events,
    now,
    logger: options.logger,
  });
}

/** A state without its event time: what the next event will say. */
export function withoutStateAt(state: SubscriptionState): Omit<SubscriptionState, "stateAt"> {
  const { stateAt: _, ...rest } = state;
  return rest;
}
