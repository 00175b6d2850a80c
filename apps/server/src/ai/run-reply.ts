/**
 * One reply of the tutor or the assistant, from the model to the learner and into the database
 * (issue 16): stream the model's text through the leak guard (reply-guard.ts), pass suggestions
 * from tools on, and at the end store the reply with its status, rung, model and the model's own
 * token counts, then spend its credits. A reply that failed (the model down, too slow, cut off)
 * is stored with status "error" and the learner's sentence, and costs nothing; a reply the
 * learner stopped keeps what was shown and costs as a reply; a leaking reply is replaced.
 */
import type { AiMessageStatus, AiSuggestion } from "@lumen/contracts";
import { type Db, eq, schema } from "@lumen/db";
import type { ModelMessage, ToolSet } from "ai";
import type { Logger } from "pino";
import { spendCredits } from "../commands/spend-credits.ts";
import { AppError } from "../errors.ts";
import type { AiService } from "./ai-service.ts";
import { type AllowanceSettings, readAiAllowance } from "./allowance.ts";
import { type ModelUsage, usageOf } from "./model-client.ts";
import { classifyModelError, failureMessage, type ModelFailure } from "./model-errors.ts";
import { ReplyGuard } from "./reply-guard.ts";
import type { Emit } from "./sse.ts";

export interface ReplyPlan {
  db: Db;
  ai: AiService;
  log: Logger;
  env: AllowanceSettings;
  clock: () => Date;
  userId: string;
  conversationId: string;
  userMessageId: number;
  /** The tutor's rung (1 to 5), null in the assistant chat. */
  hintLevel: number | null;
  /** The model for this learner (aiModelOverride), or the default. */
  model: string;
  system: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  maxSteps?: number;
  /** Whether a text gives the lesson's answer away; absent: nothing to guard. */
  leaks?: (text: string) => boolean;
  /** Shown instead of a leaking reply. */
  safeText: string;
  /** Credits this reply costs, decided before it was sent. */
  cost: number;
  /** What the ledger says the credits were for. */
  reason: string;
  /** Reads a suggestion out of a tool's result, for the `suggestion` chunk. */
  suggestionOf?: (toolName: string, output: unknown) => AiSuggestion | undefined;
}

interface Outcome {
  status: AiMessageStatus;
  content: string;
  usage: ModelUsage | null;
  failure: ModelFailure | null;
  suggestions: AiSuggestion[];
}

async function streamModel(plan: ReplyPlan, emit: Emit, signal: AbortSignal): Promise<Outcome> {
  const guard = new ReplyGuard(plan.leaks ?? (() => false));
  const suggestions: AiSuggestion[] = [];
  let usage: ModelUsage | null = null;
  let failure: unknown;
  let replaced = false;
  const stopped = () => signal.aborted;
  const show = (step: { release: string; leaked: boolean }) => {
    if (step.release) emit({ type: "text", delta: step.release });
    if (step.leaked && !replaced) {
      replaced = true;
      emit({ type: "replace", text: plan.safeText });
    }
  };
  try {
    const result = plan.ai.model.streamReply({
      model: plan.model,
      system: plan.system,
      messages: plan.messages,
      tools: plan.tools,
      maxSteps: plan.maxSteps,
      abortSignal: signal,
    });
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") show(guard.push(part.text));
      else if (part.type === "tool-result" && plan.suggestionOf) {
        const suggestion = plan.suggestionOf(part.toolName, part.output);
        if (suggestion) {
          suggestions.push(suggestion);
          emit({ type: "suggestion", suggestion });
        }
      } else if (part.type === "error") failure = part.error;
      else if (part.type === "abort" && !stopped()) failure = part.reason ?? "timeout";
      else if (part.type === "finish") usage = usageOf(part.totalUsage);
    }
  } catch (error) {
    if (!stopped()) failure = error;
  }
  if (stopped()) {
    return {
      status: replaced ? "replaced" : "stopped",
      content: replaced ? plan.safeText : guard.shown,
      usage,
      failure: null,
      suggestions,
    };
  }
  if (failure !== undefined && !replaced) {
    const classified = classifyModelError(failure);
    const level = classified.operatorProblem ? "error" : "warn";
    plan.log[level]({ err: failure, failure: classified }, "the AI model failed");
    return {
      status: "error",
      content: failureMessage(classified.kind, plan.ai.assistantName),
      usage,
      failure: classified.kind,
      suggestions,
    };
  }
  show(guard.finish());
  if (replaced)
    return { status: "replaced", content: plan.safeText, usage, failure: null, suggestions };
  return { status: "complete", content: guard.shown, usage, failure: null, suggestions };
}

/**
 * Spends the reply's credits, keyed by the learner's message (one reply each); a balance spent
 * meanwhile (another tab) leaves this reply free rather than take it back from the screen.
 */
async function charge(plan: ReplyPlan): Promise<number> {
  if (plan.cost <= 0) return 0;
  try {
    await spendCredits({
      db: plan.db,
      userId: plan.userId,
      amount: plan.cost,
      reason: plan.reason,
      idempotencyKey: `ai-reply:${plan.userMessageId}`,
      now: plan.clock(),
      env: plan.env,
    });
    return plan.cost;
  } catch (error) {
    if (error instanceof AppError && error.code === "insufficient_credits") {
      plan.log.warn({ userMessageId: plan.userMessageId }, "an AI reply's credits went elsewhere");
      return 0;
    }
    throw error;
  }
}

/** Runs the reply to the end, whatever happens, and says how it ended as the last chunk. */
export async function runReply(plan: ReplyPlan, emit: Emit, signal: AbortSignal): Promise<void> {
  emit({
    type: "start",
    conversationId: plan.conversationId,
    userMessageId: plan.userMessageId,
    hintLevel: plan.hintLevel,
  });
  try {
    const outcome = await streamModel(plan, emit, signal);
    const creditsSpent = outcome.status === "error" ? 0 : await charge(plan);
    const [stored] = await plan.db
      .insert(schema.aiMessages)
      .values({
        conversationId: plan.conversationId,
        userId: plan.userId,
        role: "assistant",
        content: outcome.content,
        status: outcome.status,
        hintLevel: plan.hintLevel,
        model: plan.model,
        inputTokens: outcome.usage?.inputTokens ?? null,
        outputTokens: outcome.usage?.outputTokens ?? null,
        credits: creditsSpent,
        parts: outcome.suggestions.length
          ? outcome.suggestions.map((s) => ({ type: "suggestion", ...s }))
          : null,
      })
      .returning({ id: schema.aiMessages.id });
    if (!stored) throw new Error("the reply was not stored");
    await plan.db
      .update(schema.aiConversations)
      .set({ updatedAt: plan.clock() })
      .where(eq(schema.aiConversations.id, plan.conversationId));
    if (outcome.status === "error") {
      emit({
        type: "error",
        code: "ai_unavailable",
        message: outcome.content,
        messageId: stored.id,
      });
      return;
    }
    const after = await readAiAllowance({
      db: plan.db,
      userId: plan.userId,
      now: plan.clock(),
      env: plan.env,
    });
    emit({
      type: "finish",
      messageId: stored.id,
      status: outcome.status,
      creditsSpent,
      balance: after.balance,
      freeMessagesLeft: after.freeLeft,
      usage: outcome.usage,
    });
  } catch (error) {
    plan.log.error({ err: error }, "an AI reply failed on our side");
    emit({
      type: "error",
      code: "internal",
      message: `Something went wrong on our side while ${plan.ai.assistantName} answered. Nothing was charged.`,
      messageId: null,
    });
  }
}
