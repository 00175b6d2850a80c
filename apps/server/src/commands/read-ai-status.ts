/**
 * GET /v1/ai/status (issue 16): whether {product} AI is set up here and what the learner's next
 * message costs, so the web can say so before the learner sends it, not after.
 */
import type { AiStatusAnswer } from "@lumen/contracts";
import type { Db } from "@lumen/db";
import type { AiService } from "../ai/ai-service.ts";
import { AI_UNLOCKED_BY, readAiAllowance } from "../ai/allowance.ts";
import type { Env } from "../env.ts";

export interface ReadAiStatusOptions {
  db: Db;
  ai: AiService;
  env: Env;
  userId: string;
  now: Date;
}

export async function readAiStatus({
  db,
  ai,
  env,
  userId,
  now,
}: ReadAiStatusOptions): Promise<AiStatusAnswer> {
  const allowance = await readAiAllowance({ db, userId, now, env });
  const configured = ai.model.configured;
  const blockedReason = !configured
    ? "not_configured"
    : allowance.affordable
      ? null
      : "insufficient_credits";
  return {
    configured,
    assistantName: ai.assistantName,
    creditsPerMessage: env.AI_CREDITS_PER_MESSAGE,
    freeMessagesPerDay: allowance.freePerDay,
    freeMessagesLeft: allowance.freeLeft,
    balance: allowance.balance,
    nextMessageCost: allowance.cost,
    canSend: blockedReason === null,
    blockedReason,
    rateLimitPerMinute: env.AI_RATE_LIMIT_PER_MINUTE,
    unlockedBy: allowance.plan.entitlements.ai ? null : AI_UNLOCKED_BY,
  };
}
