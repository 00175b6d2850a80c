/**
 * Plan tiers and the label a learner sees for each (spec sections 3, 4 and 9).
 */

/** Every plan tier, in the order the spec lists them. */
export const PLAN_TIERS = [
  "free",
  "tier-0",
  "tier-1",
  "tier-2",
  "tier-3",
  "tier-4",
  "instance-tier-internal-staff",
  "instance-tier-external-partner",
] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/** The credit allowance of each credit tier (spec section 9). */
export const CREDIT_ALLOWANCES = {
  "tier-1": 100,
  "tier-2": 250,
  "tier-3": 500,
  "tier-4": 1000,
} as const satisfies Partial<Record<PlanTier, number>>;
export type CreditTier = keyof typeof CREDIT_ALLOWANCES;

const FIXED_LABELS = {
  free: "Free plan",
  "tier-0": "Starter plan",
  "instance-tier-internal-staff": "Internal Staff",
  "instance-tier-external-partner": "External Partner",
} as const satisfies Record<Exclude<PlanTier, CreditTier>, string>;

export function isPlanTier(value: string): value is PlanTier {
  return (PLAN_TIERS as readonly string[]).includes(value);
}

export function isCreditTier(tier: PlanTier): tier is CreditTier {
  return Object.hasOwn(CREDIT_ALLOWANCES, tier);
}

/** The label shown for a plan, e.g. "Free plan" or "250 Credits". */
export function planLabel(tier: PlanTier): string {
  if (isCreditTier(tier)) return `${CREDIT_ALLOWANCES[tier]} Credits`;
  return FIXED_LABELS[tier];
}
