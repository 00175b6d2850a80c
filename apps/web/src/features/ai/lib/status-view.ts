/**
 * What the chat says before a message is sent (from /v1/ai/status): the next message's cost, or
 * why it cannot be sent and what to do. Pure, so each case is tested.
 */
import type { AiStatusAnswer } from "@lumen/contracts";
import { isPlanTier, planLabel } from "@lumen/core";

export type StatusView =
  | { kind: "ready"; cost: string }
  | { kind: "blocked"; reason: "not_configured"; title: string; text: string }
  | { kind: "blocked"; reason: "insufficient_credits"; title: string; text: string; link: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The plan that unlocks more, by its label (spec section 4): "The 100 Credits plan". */
const unlockingPlan = (tier: string) => `The ${isPlanTier(tier) ? planLabel(tier) : tier} plan`;

export function statusView(status: AiStatusAnswer): StatusView {
  const name = status.assistantName;
  if (!status.configured || status.blockedReason === "not_configured") {
    return {
      kind: "blocked",
      reason: "not_configured",
      title: `${name} is not set up on this server`,
      text: "An admin can set it up with the AI_BASE_URL and AI_MODEL settings. The hints and the solution still work as before.",
    };
  }
  if (!status.canSend) {
    return {
      kind: "blocked",
      reason: "insufficient_credits",
      title: "You are out of AI messages for now",
      text: `${status.freeMessagesPerDay > 0 ? `Your ${plural(status.freeMessagesPerDay, "free message", "free messages")} for today are used up and you` : "You"} have ${plural(status.balance, "credit", "credits")}; each message costs ${plural(status.creditsPerMessage, "credit", "credits")}. ${status.unlockedBy ? unlockingPlan(status.unlockedBy) : "A plan with AI credits"} unlocks more.`,
      link: "/web/subscribe",
    };
  }
  if (status.nextMessageCost === 0 && status.freeMessagesPerDay > 0) {
    return {
      kind: "ready",
      cost: `Free: ${plural(status.freeMessagesLeft, "free message", "free messages")} left today.`,
    };
  }
  return {
    kind: "ready",
    cost: `Each message costs ${plural(status.nextMessageCost, "credit", "credits")}; you have ${plural(status.balance, "credit", "credits")}.`,
  };
}
