/** Deletes one of the learner's conversations, its messages and ratings with it (cascade). */
import { and, type Db, eq, schema } from "@lumen/db";
import { ownConversation } from "./read-ai-conversation.ts";

export async function deleteAiConversation({
  db,
  userId,
  id,
}: {
  db: Db;
  userId: string;
  id: string;
}): Promise<void> {
  const conversation = await ownConversation(db, userId, id);
  const c = schema.aiConversations;
  await db.delete(c).where(and(eq(c.id, conversation.id), eq(c.userId, userId)));
}
