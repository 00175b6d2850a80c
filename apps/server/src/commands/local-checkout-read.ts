/**
 * What the local checkout page shows (GET /v1/billing/local/checkout/{id}): the plan, its price,
 * who pays, and where "Cancel" goes back to. Its owner only.
 */
import type { LocalCheckoutAnswer } from "@lumen/contracts";
import { planLabel } from "@lumen/core";
import type { Db } from "@lumen/db";
import type { UserRow } from "../auth/users.ts";
import type { BillingService } from "../billing/billing-service.ts";
import { cancelPath } from "../billing/checkout-urls.ts";
import { findLocalCheckout, localProviderOf } from "../billing/local-checkout.ts";
import { priceFor } from "../billing/plan-prices.ts";

export async function readLocalCheckout(options: {
  db: Db;
  billing: BillingService;
  user: UserRow;
  checkoutId: string;
}): Promise<LocalCheckoutAnswer> {
  localProviderOf(options.billing);
  const checkout = await findLocalCheckout(options.db, options.checkoutId, options.user.id);
  return {
    id: checkout.id,
    status: checkout.status as LocalCheckoutAnswer["status"],
    tier: checkout.tier,
    label: planLabel(checkout.tier),
    interval: checkout.interval,
    amount: priceFor(options.billing.prices, checkout.tier, checkout.interval),
    currency: options.billing.currency,
    email: options.user.email,
    cancelUrl: cancelPath(
      checkout.flow === "web2app" ? "web2app" : "web",
      checkout.redirectUrl,
      checkout.trackingReferer,
    ),
  };
}
