/**
 * What every AI message goes through before the model is asked (issue 16), tutor and assistant
 * alike: a model must be set up, the learner's per-minute limit, their conversation (theirs
 * alone: anyone else's is a 404), what the reply will cost and whether they can pay it (refused
 * before sending, never after), the model for them (aiModelOverride) and their message stored.
 */
import type { AiConversationKind } from "@lumen/contracts";
import { and, asc, type Db, eq, schema, sql } from "@lumen/db";
import { AuthError } from "../auth/auth-error.ts";
import type { RateLimiter } from "../auth/rate-limit.ts";
import type { UserRow } from "../auth/users.ts";
import { insufficientCredits } from "../billing/credit-store.ts";
import { AppError, errors } from "../errors.ts";
import type { FlagService } from "../operations/flags/flag-service.ts";
import type { AiService } from "./ai-service.ts";
import { type AiAllowance, type AllowanceSettings, readAiAllowance } from "./allowance.ts";
import { notConfigured } from "./model-client.ts";

export type ConversationRow = typeof schema.aiConversations.$inferSelect;

export function assertConfigured(ai: AiService): void {
  if (!ai.model.configured) throw notConfigured();
}

/** Counts the message against AI_RATE_LIMIT_PER_MINUTE; 429 rate_limited with Retry-After. */
export async function checkMessageRate(limiter: RateLimiter, userId: string): Promise<void> {
  try {
    await limiter.check("aiMessagePerAccount", userId);
  } catch (error) {
    if (error instanceof AuthError && error.code === "auth/too-many-requests") {
      throw new AppError(
        "rate_limited",
        "That is a lot of messages in a minute. Wait a moment and ask again.",
        { retryAfterSeconds: error.retryAfterSeconds },
      );
    }
    throw error;
  }
}

/** The allowance, refusing a message the learner cannot pay for. */
export async function affordableAllowance(options: {
  db: Db;
  userId: string;
  now: Date;
  env: AllowanceSettings;
}): Promise<AiAllowance> {
  const allowance = await readAiAllowance(options);
  if (!allowance.affordable) throw insufficientCredits(allowance.cost);
  return allowance;
}

/** The learner's own conversation of this kind (404 otherwise), or a new one. */
export async function openConversation(options: {
  db: Db;
  userId: string;
  id?: string;
  kind: AiConversationKind;
  trackId?: number;
  lessonId?: number;
  title: string;
}): Promise<ConversationRow> {
  const c = schema.aiConversations;
  if (options.id) {
    const [row] = await options.db
      .select()
      .from(c)
      .where(and(eq(c.id, options.id), eq(c.userId, options.userId), eq(c.kind, options.kind)));
    if (!row || (options.lessonId !== undefined && row.lessonId !== options.lessonId)) {
      throw errors.notFound("This conversation");
    }
    return row;
  }
  const [row] = await options.db
    .insert(c)
    .values({
      userId: options.userId,
      kind: options.kind,
      trackId: options.trackId ?? null,
      lessonId: options.lessonId ?? null,
      title: options.title.slice(0, 120),
    })
    .returning();
  if (!row) throw new Error("the conversation was not stored");
  return row;
}

/** The conversation so far, for the model: the learner's messages and the replies shown. */
export async function conversationHistory(
  db: Db,
  conversationId: string,
): Promise<Array<{ role: "user" | "assistant"; content: string }>> {
  const m = schema.aiMessages;
  const rows = await db
    .select({ role: m.role, content: m.content })
    .from(m)
    .where(and(eq(m.conversationId, conversationId), sql`${m.status} <> 'error'`))
    .orderBy(asc(m.id));
  return rows.map((r) => ({
    role: r.role === "assistant" ? "assistant" : "user",
    content: r.content,
  }));
}

export async function storeUserMessage(
  db: Db,
  values: { conversationId: string; userId: string; content: string },
): Promise<number> {
  const [row] = await db
    .insert(schema.aiMessages)
    .values({ ...values, role: "user", status: "complete" })
    .returning({ id: schema.aiMessages.id });
  if (!row) throw new Error("the message was not stored");
  return row.id;
}

/** The model for this learner: aiModelOverride's value when the flag is on for them. */
export async function modelFor(ai: AiService, flags: FlagService, user: UserRow): Promise<string> {
  const { values } = await flags.evaluate({ id: user.id, roles: user.roles });
  return values.aiModelOverride ?? ai.model.defaultModel ?? "";
}
