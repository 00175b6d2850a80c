/**
 * The prices the server sells at: PLAN_PRICES (JSON, minor units per tier and interval) over our
 * defaults, checked once when the app is made so that a bad value stops the start with a clear
 * line instead of failing a learner's checkout later.
 */
import {
  type BillingInterval,
  DEFAULT_PLAN_PRICES,
  PURCHASABLE_TIERS,
  type PurchasableTier,
} from "@lumen/core";
import { z } from "zod";

const amount = z.number().int().min(50).max(10_000_000);
const tierPrices = z.strictObject({ month: amount, year: amount });
const pricesSchema = z.strictObject(
  Object.fromEntries(PURCHASABLE_TIERS.map((tier) => [tier, tierPrices.optional()])) as Record<
    PurchasableTier,
    z.ZodOptional<typeof tierPrices>
  >,
);

export type SoldPrices = Record<PurchasableTier, Record<BillingInterval, number>>;

/** The prices in force: each tier named in PLAN_PRICES replaces our default for that tier. */
export function parsePlanPrices(json: string | undefined): SoldPrices {
  const prices: SoldPrices = structuredClone(DEFAULT_PLAN_PRICES) as SoldPrices;
  if (!json) return prices;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error("Invalid setting PLAN_PRICES: not valid JSON");
  }
  const result = pricesSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `Invalid setting PLAN_PRICES: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim(),
    );
  }
  for (const tier of PURCHASABLE_TIERS) {
    const given = result.data[tier];
    if (given) prices[tier] = given;
  }
  return prices;
}

export function priceFor(prices: SoldPrices, tier: PurchasableTier, interval: BillingInterval) {
  return prices[tier][interval];
}
