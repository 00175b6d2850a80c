/**
 * The plan catalogue (issue 15): every tier with its label, monthly credit allowance, what it
 * unlocks and its prices. Pure: the server reads prices from its settings (`PLAN_PRICES`) through
 * `planCatalog(prices)`, the web app shows what the server answers. Staff and partner tiers have
 * no prices: an admin grants them.
 */
import { CREDIT_ALLOWANCES, isCreditTier, type PlanTier, planLabel } from "./plan-label.ts";

export const BILLING_INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** What a plan unlocks. */
export interface Entitlements {
  /** Every lesson of every track, beyond the free first section. */
  allLessons: boolean;
  /** The AI tutor and assistant chat, paid for with credits. */
  ai: boolean;
  /** The AI app builder, paid for with credits. */
  appBuilder: boolean;
  /** Publishing builder apps as instances that stay up. */
  instances: boolean;
}

export interface PlanDefinition {
  tier: PlanTier;
  label: string;
  /** Credits granted at the start of every billing period (0: none). */
  monthlyCredits: number;
  entitlements: Entitlements;
  /** Sold through checkout (false: free, or granted by an admin). */
  purchasable: boolean;
  /** Granted by an admin only (the instance tiers). */
  adminGranted: boolean;
}

/** Prices in the currency's minor unit (cents), per interval, for each purchasable tier. */
export type PlanPrices = Partial<Record<PlanTier, Record<BillingInterval, number>>>;

/**
 * Our default prices (the spec shows none): a yearly plan costs ten months. Operators set their
 * own through `PLAN_PRICES`.
 */
export const DEFAULT_PLAN_PRICES = {
  "tier-0": { month: 999, year: 9990 },
  "tier-1": { month: 1499, year: 14990 },
  "tier-2": { month: 2499, year: 24990 },
  "tier-3": { month: 3999, year: 39990 },
  "tier-4": { month: 6999, year: 69990 },
} as const satisfies PlanPrices;

export const DEFAULT_CURRENCY = "usd";

/** The tiers a learner can buy, cheapest first. */
export const PURCHASABLE_TIERS = ["tier-0", "tier-1", "tier-2", "tier-3", "tier-4"] as const;
export type PurchasableTier = (typeof PURCHASABLE_TIERS)[number];

/** The tiers only an admin grants (console and `npm run admin`). */
export const ADMIN_GRANTED_TIERS = [
  "instance-tier-internal-staff",
  "instance-tier-external-partner",
] as const;
export type AdminGrantedTier = (typeof ADMIN_GRANTED_TIERS)[number];

/** Staff and partners get the largest allowance, so that they can use what they support. */
const ADMIN_TIER_CREDITS = CREDIT_ALLOWANCES["tier-4"];

export function isPurchasableTier(tier: string): tier is PurchasableTier {
  return (PURCHASABLE_TIERS as readonly string[]).includes(tier);
}

export function isAdminGrantedTier(tier: string): tier is AdminGrantedTier {
  return (ADMIN_GRANTED_TIERS as readonly string[]).includes(tier);
}

const NONE: Entitlements = { allLessons: false, ai: false, appBuilder: false, instances: false };
const EVERYTHING: Entitlements = { allLessons: true, ai: true, appBuilder: true, instances: true };

/** What a tier unlocks: Starter opens every lesson; the credit tiers add AI and the builder. */
export function entitlementsOf(tier: PlanTier): Entitlements {
  if (tier === "free") return NONE;
  if (tier === "tier-0") return { ...NONE, allLessons: true };
  if (isCreditTier(tier)) return { ...EVERYTHING, instances: tier !== "tier-1" };
  return EVERYTHING;
}

/** Monthly credits granted with a tier. */
export function monthlyCreditsOf(tier: PlanTier): number {
  if (isCreditTier(tier)) return CREDIT_ALLOWANCES[tier];
  if (isAdminGrantedTier(tier)) return ADMIN_TIER_CREDITS;
  return 0;
}

export function planDefinition(tier: PlanTier): PlanDefinition {
  return {
    tier,
    label: planLabel(tier),
    monthlyCredits: monthlyCreditsOf(tier),
    entitlements: entitlementsOf(tier),
    purchasable: isPurchasableTier(tier),
    adminGranted: isAdminGrantedTier(tier),
  };
}

/** The order of tiers by what they give, for "the best of several plans" and upgrades. */
const RANK: Record<PlanTier, number> = {
  free: 0,
  "tier-0": 1,
  "tier-1": 2,
  "tier-2": 3,
  "tier-3": 4,
  "tier-4": 5,
  "instance-tier-external-partner": 6,
  "instance-tier-internal-staff": 7,
};

export function planRank(tier: PlanTier): number {
  return RANK[tier];
}

/** The best of the tiers a learner holds (a subscription and an admin grant, say); free if none. */
export function bestTier(tiers: readonly PlanTier[]): PlanTier {
  return tiers.reduce<PlanTier>((best, t) => (RANK[t] > RANK[best] ? t : best), "free");
}

/** Whether moving from one purchasable tier to another is an upgrade (else a downgrade). */
export function isUpgrade(from: PlanTier, to: PlanTier): boolean {
  return RANK[to] > RANK[from];
}

/** The price of a tier for an interval, or undefined when it is not sold. */
export function priceOf(
  prices: PlanPrices,
  tier: PlanTier,
  interval: BillingInterval,
): number | undefined {
  return prices[tier]?.[interval];
}

/** "$9.99", "€99.90": an amount in minor units, for the learner's locale. */
export function formatPrice(amountMinor: number, currency: string, locale = "en-US"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amountMinor / 100);
}
