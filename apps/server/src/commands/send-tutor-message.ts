/**
 * A learner's question to the tutor in a lesson (POST /v1/ai/tutor/messages, issue 16). Checks
 * everything that can refuse the message before a byte of the reply is sent (a model set up,
 * the rate limit, the lesson and its paywall, the conversation, the credits), stores the
 * question, picks the ladder's rung from how often the learner asked on this lesson, and answers
 * the plan of the reply: the prompt, the leak guard over the lesson's answer, and the safe reply
 * of the same rung. The route streams it (ai/run-reply.ts).
 */
import { randomBytes } from "node:crypto";
import type { TutorMessageBody } from "@lumen/contracts";
import { findSolutionLeak, rungLevel, safeReply, tutorRung } from "@lumen/core";
import { and, type Db, eq, schema, sql } from "@lumen/db";
import type { Logger } from "pino";
import type { AiService } from "../ai/ai-service.ts";
import { leakSubjectOf, solutionAllowed } from "../ai/lesson-secret.ts";
import {
  affordableAllowance,
  assertConfigured,
  checkMessageRate,
  conversationHistory,
  modelFor,
  openConversation,
  storeUserMessage,
} from "../ai/reply-prelude.ts";
import type { ReplyPlan } from "../ai/run-reply.ts";
import { tutorMessages, tutorSystemPrompt } from "../ai/tutor-prompt.ts";
import type { RateLimiter } from "../auth/rate-limit.ts";
import type { UserRow } from "../auth/users.ts";
import { assertLessonOpen } from "../billing/lesson-access.ts";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import type { Env } from "../env.ts";
import type { FlagService } from "../operations/flags/flag-service.ts";
import { findLesson } from "./find-chapter.ts";

export interface SendTutorMessageOptions {
  db: Db;
  ai: AiService;
  catalog: CatalogStore;
  flags: FlagService;
  limiter: RateLimiter;
  env: Env;
  log: Logger;
  clock: () => Date;
  user: UserRow;
  body: TutorMessageBody;
}

/** The learner's earlier questions to the tutor about this lesson, in any conversation. */
async function questionsAsked(db: Db, userId: string, lessonId: number): Promise<number> {
  const m = schema.aiMessages;
  const c = schema.aiConversations;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(m)
    .innerJoin(c, eq(c.id, m.conversationId))
    .where(
      and(eq(m.userId, userId), eq(m.role, "user"), eq(c.kind, "tutor"), eq(c.lessonId, lessonId)),
    );
  return Number(row?.count ?? 0);
}

export async function sendTutorMessage(options: SendTutorMessageOptions): Promise<ReplyPlan> {
  const { db, ai, user, body, env } = options;
  const now = options.clock();
  assertConfigured(ai);
  await checkMessageRate(options.limiter, user.id);
  const { track, lesson } = await findLesson({ catalog: options.catalog, db, ...body });
  await assertLessonOpen({ db, user, track, tutorialId: body.tutorialId, now, env });
  const conversation = await openConversation({
    db,
    userId: user.id,
    id: body.conversationId,
    kind: "tutor",
    trackId: track.id,
    lessonId: lesson.id,
    title: lesson.title,
  });
  const allowance = await affordableAllowance({ db, userId: user.id, now, env });
  const rung = tutorRung({
    askedBefore: await questionsAsked(db, user.id, lesson.id),
    revealSolution: body.revealSolution === true,
    solutionAllowed: solutionAllowed(lesson),
  });
  const history = await conversationHistory(db, conversation.id);
  const userMessageId = await storeUserMessage(db, {
    conversationId: conversation.id,
    userId: user.id,
    content: body.message,
  });
  const files = body.files ?? [];
  const hintsShown = Math.min(body.hintsShown ?? 0, lesson.hints.length);
  const input = {
    assistantName: ai.assistantName,
    nonce: randomBytes(6).toString("hex"),
    rung,
    trackTitle: track.title,
    language: lesson.codeLanguage,
    lesson,
    files,
    lastRun: body.lastRun,
    hintsShown,
    answer: body.answer,
    history,
    message: body.message,
  };
  const subject = leakSubjectOf(lesson, files);
  return {
    db,
    ai,
    log: options.log,
    env,
    clock: options.clock,
    userId: user.id,
    conversationId: conversation.id,
    userMessageId,
    hintLevel: rungLevel(rung),
    model: await modelFor(ai, options.flags, user),
    system: tutorSystemPrompt(input),
    messages: tutorMessages(input),
    // The solution rung shows the solution on purpose; every other reply is checked.
    leaks: rung === "solution" ? undefined : (text) => findSolutionLeak(text, subject).leaked,
    safeText: safeReply(rung, {
      failingCheck: body.lastRun?.failingChecks?.[0],
      nextHint: lesson.hints[hintsShown],
    }),
    cost: allowance.cost,
    reason: `${ai.assistantName} tutor message`,
  };
}
