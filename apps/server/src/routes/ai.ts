/**
 * {product} AI's API (issue 16; shapes and the stream format in @lumen/contracts ai.ts), always
 * the signed-in learner's own conversations:
 * - GET    /ai/status                       what the next message costs, before sending
 * - POST   /ai/tutor/messages               a question in a lesson → SSE reply stream
 * - POST   /ai/chat/messages                a message to the assistant chat → SSE reply stream
 * - GET    /ai/conversations?kind=&lessonId= → { conversations }
 * - GET    /ai/conversations/{id}           → { conversation, messages }
 * - DELETE /ai/conversations/{id}           → 204
 * - POST   /ai/messages/{id}/rating         { rating, reason? } → the rating
 * - GET    /ai/ratings?lessonId=&rating=&before=  course engineers and admins: ratings by lesson
 */
import {
  ADMIN_ROLE,
  aiConversationListQuerySchema,
  aiRatingBodySchema,
  aiRatingsAdminQuerySchema,
  assistantMessageBodySchema,
  COURSE_ENGINEER_ROLE,
  idParamSchema,
  tutorMessageBodySchema,
} from "@lumen/contracts";
import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { ReplyPlan } from "../ai/run-reply.ts";
import { runReply } from "../ai/run-reply.ts";
import { sseResponse } from "../ai/sse.ts";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { deleteAiConversation } from "../commands/delete-ai-conversation.ts";
import { listAiConversations } from "../commands/list-ai-conversations.ts";
import { listAiRatings } from "../commands/list-ai-ratings.ts";
import { rateAiMessage } from "../commands/rate-ai-message.ts";
import { readAiConversation } from "../commands/read-ai-conversation.ts";
import { readAiStatus } from "../commands/read-ai-status.ts";
import { sendAssistantMessage } from "../commands/send-assistant-message.ts";
import { sendTutorMessage } from "../commands/send-tutor-message.ts";
import { AppError } from "../errors.ts";
import { readJson, readParams, readQuery } from "../http/validate.ts";
import {
  presentConversation,
  presentConversationSummary,
  presentRating,
} from "../presenters/ai.ts";

const conversationParams = z.object({ id: z.string().max(100) });
const messageParams = z.object({ id: idParamSchema("id") });

/** Course engineers see which lessons' tutor replies fall short; so do admins. */
const courseStaffOnly: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const roles = currentUser(c).roles;
  if (!roles.includes(COURSE_ENGINEER_ROLE) && !roles.includes(ADMIN_ROLE)) {
    throw new AppError("forbidden", "Only course engineers and administrators see AI ratings.");
  }
  await next();
};

/** Streams the reply and keeps it in view until it is stored, even after the learner left. */
function stream(c: Context<AuthEnv>, plan: ReplyPlan): Response {
  const { response, task } = sseResponse((emit, signal) => runReply(plan, emit, signal));
  c.get("deps").ai.track(task);
  return response;
}

function replyDeps(c: Context<AuthEnv>) {
  const deps = c.get("deps");
  return {
    db: deps.database.db,
    ai: deps.ai,
    catalog: deps.catalog,
    flags: deps.flags,
    limiter: deps.auth.limiter,
    env: deps.env,
    log: c.get("log"),
    clock: deps.clock,
    user: currentUser(c),
  };
}

export const aiRoutes = new Hono<AuthEnv>()
  .get("/ai/status", requireUser(), async (c) => {
    const deps = c.get("deps");
    const status = await readAiStatus({
      db: deps.database.db,
      ai: deps.ai,
      env: deps.env,
      userId: currentUser(c).id,
      now: deps.clock(),
    });
    return c.json(status);
  })
  .post("/ai/tutor/messages", requireUser(), async (c) => {
    const body = await readJson(c, tutorMessageBodySchema);
    return stream(c, await sendTutorMessage({ ...replyDeps(c), body }));
  })
  .post("/ai/chat/messages", requireUser(), async (c) => {
    const body = await readJson(c, assistantMessageBodySchema);
    return stream(c, await sendAssistantMessage({ ...replyDeps(c), body }));
  })
  .get("/ai/conversations", requireUser(), async (c) => {
    const query = readQuery(c, aiConversationListQuerySchema);
    const rows = await listAiConversations({
      db: c.get("deps").database.db,
      userId: currentUser(c).id,
      ...query,
    });
    return c.json({ conversations: rows.map(presentConversationSummary) });
  })
  .get("/ai/conversations/:id", requireUser(), async (c) => {
    const { id } = readParams(c, conversationParams);
    const read = await readAiConversation({
      db: c.get("deps").database.db,
      userId: currentUser(c).id,
      id,
    });
    return c.json(presentConversation(read));
  })
  .delete("/ai/conversations/:id", requireUser(), async (c) => {
    const { id } = readParams(c, conversationParams);
    await deleteAiConversation({ db: c.get("deps").database.db, userId: currentUser(c).id, id });
    return c.body(null, 204);
  })
  .post("/ai/messages/:id/rating", requireUser(), async (c) => {
    const { id } = readParams(c, messageParams);
    const body = await readJson(c, aiRatingBodySchema);
    const deps = c.get("deps");
    const row = await rateAiMessage({
      db: deps.database.db,
      userId: currentUser(c).id,
      messageId: id,
      body,
      now: deps.clock(),
    });
    return c.json(presentRating(row));
  })
  .get("/ai/ratings", requireUser(), courseStaffOnly, async (c) => {
    const query = readQuery(c, aiRatingsAdminQuerySchema);
    const deps = c.get("deps");
    return c.json(await listAiRatings({ db: deps.database.db, catalog: deps.catalog, ...query }));
  });
