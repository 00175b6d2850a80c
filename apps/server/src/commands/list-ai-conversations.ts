/** The learner's own conversations with {product} AI, newest first (GET /v1/ai/conversations). */
import type { AiConversationKind } from "@lumen/contracts";
import { and, type Db, desc, eq, schema } from "@lumen/db";
import type { ConversationRow } from "../ai/reply-prelude.ts";

export const CONVERSATIONS_PAGE = 50;

export async function listAiConversations({
  db,
  userId,
  kind,
  lessonId,
}: {
  db: Db;
  userId: string;
  kind?: AiConversationKind;
  lessonId?: number;
}): Promise<ConversationRow[]> {
  const c = schema.aiConversations;
  return db
    .select()
    .from(c)
    .where(
      and(
        eq(c.userId, userId),
        kind ? eq(c.kind, kind) : undefined,
        lessonId ? eq(c.lessonId, lessonId) : undefined,
      ),
    )
    .orderBy(desc(c.updatedAt), desc(c.createdAt))
    .limit(CONVERSATIONS_PAGE);
}
