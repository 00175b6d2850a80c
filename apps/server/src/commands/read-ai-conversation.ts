/**
 * One of the learner's conversations with its messages and their ratings (GET
 * /v1/ai/conversations/{id}); anyone else's, or an id that is not one, is a 404.
 */
import { and, asc, type Db, eq, schema } from "@lumen/db";
import type { ConversationRow } from "../ai/reply-prelude.ts";
import { errors } from "../errors.ts";

export type MessageRow = typeof schema.aiMessages.$inferSelect;

export interface ConversationRead {
  conversation: ConversationRow;
  messages: Array<MessageRow & { rating: string | null }>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The learner's own conversation, or 404 (a malformed id too, without asking the database). */
export async function ownConversation(
  db: Db,
  userId: string,
  id: string,
): Promise<ConversationRow> {
  const c = schema.aiConversations;
  const [row] = UUID.test(id)
    ? await db
        .select()
        .from(c)
        .where(and(eq(c.id, id), eq(c.userId, userId)))
    : [];
  if (!row) throw errors.notFound("This conversation");
  return row;
}

export async function readAiConversation({
  db,
  userId,
  id,
}: {
  db: Db;
  userId: string;
  id: string;
}): Promise<ConversationRead> {
  const conversation = await ownConversation(db, userId, id);
  const m = schema.aiMessages;
  const r = schema.aiRatings;
  const rows = await db
    .select({ message: m, rating: r.rating })
    .from(m)
    .leftJoin(r, eq(r.messageId, m.id))
    .where(eq(m.conversationId, conversation.id))
    .orderBy(asc(m.id));
  return { conversation, messages: rows.map((row) => ({ ...row.message, rating: row.rating })) };
}
