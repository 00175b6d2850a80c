/**
 * What the learner is told about their plan (issue 15), in words, from `GET /v1/me/plan` and the
 * credit ledger: where the plan comes from, the subscription's state with its dates, the
 * past-due notice, the credits and each ledger line. Pure, so every case has a unit test; the
 * screens (billing page, account menu, profile, the shell's banner) only lay these out.
 */
import type { CreditEntry, MyPlanAnswer, SubscriptionView } from "@lumen/contracts";

export type Tone = "neutral" | "info" | "success" | "warning" | "danger";

export interface Words {
  tone: Tone;
  label: string;
  detail: string;
}

/** "March 3, 2027": a day in the learner's own calendar (the server sends UTC instants). */
export function formatDay(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "an unknown date";
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone }).format(date);
}

type DateFormat = (iso: string) => string;
const byDefault: DateFormat = (iso) => formatDay(iso);

/** Where the plan in force comes from. */
export function planSourceText(plan: Pick<MyPlanAnswer, "source">): string {
  if (plan.source === "grant") return "Granted to you by an administrator.";
  if (plan.source === "subscription") return "Through your subscription.";
  return "Free, for as long as you like.";
}

/** The subscription's state, with the date that matters for it. */
export function subscriptionWords(
  subscription: SubscriptionView,
  format: DateFormat = byDefault,
): Words {
  const { status, label } = subscription;
  const periodEnd = format(subscription.currentPeriodEnd);
  const every = subscription.interval === "year" ? "yearly" : "monthly";
  if (status === "past_due") {
    return {
      tone: "danger",
      label: "Payment failed",
      detail: `Update your card by ${format(subscription.graceUntil ?? subscription.currentPeriodEnd)} to keep ${label}.`,
    };
  }
  if (status === "canceled") {
    return { tone: "neutral", label: "Canceled", detail: `${label} ended on ${periodEnd}.` };
  }
  if (status === "incomplete") {
    return {
      tone: "warning",
      label: "Payment not finished",
      detail: `${label} starts once the first payment goes through.`,
    };
  }
  if (subscription.cancelAtPeriodEnd) {
    return {
      tone: "warning",
      label: "Canceling",
      detail: `${label} ends on ${periodEnd}. Everything stays open until then, and you can keep it from ending in "Manage plan".`,
    };
  }
  if (status === "trialing") {
    const trialEnd = format(subscription.trialEnd ?? subscription.currentPeriodEnd);
    return {
      tone: "info",
      label: "Free trial",
      detail: `Your trial ends on ${trialEnd}. Then ${label} renews ${every}.`,
    };
  }
  return { tone: "success", label: "Active", detail: `Renews ${every} on ${periodEnd}.` };
}

/**
 * The shell's banner while a payment has failed (issue 15): the plan stays until the grace date.
 * Null when nothing has failed.
 */
export function pastDueNotice(
  plan: Pick<MyPlanAnswer, "subscription"> | undefined,
  format: DateFormat = byDefault,
): string | null {
  const subscription = plan?.subscription;
  if (subscription?.status !== "past_due") return null;
  const by = format(subscription.graceUntil ?? subscription.currentPeriodEnd);
  return `Your payment failed — update your card by ${by} to keep ${subscription.label}`;
}

/** "1 credit", "250 credits". */
export const creditsText = (n: number) =>
  `${n.toLocaleString("en-US")} credit${n === 1 ? "" : "s"}`;

/** Whether to show a balance: the plan grants credits, or the learner has some (a gift). */
export const hasCredits = (plan: Pick<MyPlanAnswer, "credits">) =>
  plan.credits.balance > 0 || plan.credits.nextGrantAmount > 0;

/** When the next allowance comes and how much, or null without a credit plan. */
export function nextGrantText(
  credits: MyPlanAnswer["credits"],
  format: DateFormat = byDefault,
): string | null {
  if (!credits.nextGrantAt || credits.nextGrantAmount <= 0) return null;
  return `${creditsText(credits.nextGrantAmount)} on ${format(credits.nextGrantAt)}`;
}

/** Whether a subscription can be managed at the provider (else: see the plans). */
export const canManage = (plan: Pick<MyPlanAnswer, "subscription">) =>
  plan.subscription !== null && plan.subscription.status !== "canceled";

/** One ledger line: what it was for, and the change as "+100" or "−3". */
export function ledgerLine(entry: CreditEntry): { title: string; amount: string; tone: Tone } {
  const amount =
    entry.amount > 0 ? `+${entry.amount}` : `\u2212${Math.abs(entry.amount).toLocaleString()}`;
  const reason = entry.reason.trim();
  switch (entry.kind) {
    case "grant":
      return { title: reason || "Your plan's credits", amount, tone: "success" };
    case "admin":
      return {
        title: reason ? `From an administrator: ${reason}` : "From an administrator",
        amount,
        tone: "success",
      };
    case "expire":
      return { title: reason || "Unused credits expired", amount, tone: "neutral" };
    default:
      return { title: reason || "Used", amount, tone: "neutral" };
  }
}
