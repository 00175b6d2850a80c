/**
 * A learner rates one of {product} AI's replies to them, thumbs up or down with an optional
 * reason (POST /v1/ai/messages/{id}/rating, `submit_ai_chat_rating`). The rating keeps the
 * lesson and the ladder's rung of the reply, so course engineers see which lessons' hints fall
 * short. Rating again replaces the rating; another learner's reply is a 404.
 */
import type { AiRatingBody } from "@lumen/contracts";
import { and, type Db, eq, schema } from "@lumen/db";
import { errors } from "../errors.ts";

export type RatingRow = typeof schema.aiRatings.$inferSelect;

export async function rateAiMessage({
  db,
  userId,
  messageId,
  body,
  now,
}: {
  db: Db;
  userId: string;
  messageId: number;
  body: AiRatingBody;
  now: Date;
}): Promise<RatingRow> {
  const m = schema.aiMessages;
  const c = schema.aiConversations;
  const [message] = await db
    .select({ id: m.id, hintLevel: m.hintLevel, lessonId: c.lessonId })
    .from(m)
    .innerJoin(c, eq(c.id, m.conversationId))
    .where(and(eq(m.id, messageId), eq(m.userId, userId), eq(m.role, "assistant")));
  if (!message) throw errors.notFound("This reply");
  const reason = body.reason?.trim() || null;
  const values = {
    rating: body.rating,
    reason,
    lessonId: message.lessonId,
    hintLevel: message.hintLevel,
    createdAt: now,
  };
  const [row] = await db
    .insert(schema.aiRatings)
    .values({ messageId: message.id, userId, ...values })
    .onConflictDoUpdate({ target: schema.aiRatings.messageId, set: values })
    .returning();
  if (!row) throw new Error("the rating was not stored");
  return row;
}
