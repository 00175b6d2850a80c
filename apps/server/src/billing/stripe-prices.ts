/**
 * The Stripe price of each tier and interval, found by its lookup key (`lumen-<tier>-<interval>`)
 * or made once: a product per tier, a recurring price per interval at the amount PLAN_PRICES
 * sets. A changed amount makes a new price that takes the lookup key over. Found prices are kept
 * for the life of the process. (Checkout's inline `price_data` would need none of this, but the
 * emulator our tests run against only takes price ids.)
 */
import type { BillingInterval, PurchasableTier } from "@lumen/core";
import { planLabel } from "@lumen/core";
import type Stripe from "stripe";
import { priceLookupKey } from "./provider-events.ts";

interface PriceLike {
  id?: unknown;
  lookup_key?: string | null;
  unit_amount?: number | null;
  currency?: string;
  active?: boolean;
  recurring?: { interval?: string } | null;
  metadata?: Record<string, string>;
}

export function createStripePrices(stripe: Stripe) {
  const found = new Map<string, Promise<string>>();

  async function productFor(tier: PurchasableTier): Promise<string> {
    for await (const product of stripe.products.list({ active: true, limit: 100 })) {
      if (product.metadata?.lumen_tier === tier && typeof product.id === "string")
        return product.id;
    }
    const product = await stripe.products.create(
      { name: planLabel(tier), metadata: { lumen_tier: tier } },
      { idempotencyKey: `lumen-product-${tier}` },
    );
    if (typeof product.id !== "string") throw new Error("The product was not created.");
    return product.id;
  }

  async function lookUp(
    tier: PurchasableTier,
    interval: BillingInterval,
    amount: number,
    currency: string,
  ): Promise<string> {
    const key = priceLookupKey(tier, interval);
    const matches = (p: PriceLike) =>
      (p.lookup_key === key || p.metadata?.lumen_price === key) &&
      p.active !== false &&
      p.unit_amount === amount &&
      p.currency === currency &&
      (p.recurring == null || p.recurring.interval === interval);
    const listed = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 100 });
    const existing = (listed.data as PriceLike[]).find(matches);
    if (typeof existing?.id === "string") return existing.id;
    const price = await stripe.prices.create(
      {
        product: await productFor(tier),
        currency,
        unit_amount: amount,
        recurring: { interval },
        lookup_key: key,
        transfer_lookup_key: true,
        metadata: { lumen_price: key, lumen_tier: tier, lumen_interval: interval },
      },
      { idempotencyKey: `lumen-price-${key}-${amount}-${currency}` },
    );
    if (typeof price.id !== "string") throw new Error("The price was not created.");
    return price.id;
  }

  return {
    /** The price id; one lookup per process and amount, a failed one tried again next time. */
    priceId(tier: PurchasableTier, interval: BillingInterval, amount: number, currency: string) {
      const cacheKey = `${tier}:${interval}:${amount}:${currency}`;
      let price = found.get(cacheKey);
      if (!price) {
        price = lookUp(tier, interval, amount, currency);
        found.set(cacheKey, price);
        price.catch(() => found.delete(cacheKey));
      }
      return price;
    },
  };
}
