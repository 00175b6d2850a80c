/**
 * Waiting for a paid plan to be in force (issue 15): the provider tells the server by webhook,
 * which can take a moment after the browser comes back from checkout. The purchase screen polls
 * the checkout's status, quickly at first and more calmly later, and says what is going on in
 * terms of how many answers it has had, never of a clock.
 */
import type { CheckoutStatusAnswer } from "@lumen/contracts";

/** After this many answers without the plan in force, the screen says it is taking a while. */
export const SLOW_AFTER_POLLS = 12;

/** Seconds before "Continue" goes by itself once the plan is in force. */
export const AUTO_CONTINUE_SECONDS = 5;

export type PurchasePhase = "waiting" | "slow" | "active" | "expired";

export function purchasePhase(
  answer: CheckoutStatusAnswer | undefined,
  polls: number,
): PurchasePhase {
  if (answer?.planActive) return "active";
  if (answer?.status === "expired") return "expired";
  return polls >= SLOW_AFTER_POLLS ? "slow" : "waiting";
}

/**
 * How long to wait before asking again (false: stop): every second for the first answers, every
 * three after, every ten once it is slow. It never gives up while the page is open: a late
 * webhook still turns the page into the thank-you.
 */
export function nextPollMs(
  answer: CheckoutStatusAnswer | undefined,
  polls: number,
): number | false {
  const phase = purchasePhase(answer, polls);
  if (phase === "active" || phase === "expired") return false;
  if (polls < 6) return 1_000;
  return phase === "slow" ? 10_000 : 3_000;
}
