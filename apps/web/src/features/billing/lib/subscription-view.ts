/**
 * How a subscription reads to the learner (issue 15): its dates in their words, and what a
 * change of plan in the portal would be. Pure, with the date format passed in, so the tests pin
 * a locale and time zone.
 */
import type { BillingInterval, PurchasableTier, SubscriptionView } from "@lumen/contracts";
import { isUpgrade } from "@lumen/core";

export type FormatDay = (iso: string) => string;

/** "June 15, 2027" in the learner's locale and time zone. */
export const formatDay =
  (locale?: string, timeZone?: string): FormatDay =>
  (iso) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone }).format(new Date(iso));

/** Where the subscription stands, in one sentence. */
export function subscriptionLine(sub: SubscriptionView, day: FormatDay): string {
  if (sub.status === "canceled") return `Your plan ended on ${day(sub.currentPeriodEnd)}.`;
  if (sub.cancelAtPeriodEnd) return `Your plan stays active until ${day(sub.currentPeriodEnd)}.`;
  if (sub.status === "past_due") {
    return sub.graceUntil
      ? `Your last payment did not go through. Your plan stays active until ${day(sub.graceUntil)} while it is tried again.`
      : "Your last payment did not go through.";
  }
  if (sub.status === "trialing" && sub.trialEnd) return `Your trial ends on ${day(sub.trialEnd)}.`;
  if (sub.status === "incomplete") return "Your first payment has not gone through yet.";
  return `Renews on ${day(sub.currentPeriodEnd)}.`;
}

export type PlanChange = "none" | "upgrade" | "downgrade" | "interval";

export function planChange(
  current: { tier: string; interval: BillingInterval },
  next: { tier: PurchasableTier; interval: BillingInterval },
): PlanChange {
  if (current.tier === next.tier) return current.interval === next.interval ? "none" : "interval";
  const from = current.tier as Parameters<typeof isUpgrade>[0];
  return isUpgrade(from, next.tier) ? "upgrade" : "downgrade";
}

export const INTERVAL_WORDS: Record<BillingInterval, { adjective: string; unit: string }> = {
  month: { adjective: "Monthly", unit: "month" },
  year: { adjective: "Yearly", unit: "year" },
};

/** The change button's words. */
export function changeLabel(change: PlanChange, label: string, interval: BillingInterval): string {
  switch (change) {
    case "upgrade":
      return `Upgrade to ${label}`;
    case "downgrade":
      return `Downgrade to ${label}`;
    case "interval":
      return `Switch to ${INTERVAL_WORDS[interval].adjective.toLowerCase()} billing`;
    default:
      return "This is your plan";
  }
}
