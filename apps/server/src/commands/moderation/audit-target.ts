/** The audit log's target for a moderation action: the author of the content, or the banned user. */
import { type Db, eq, schema } from "@lumen/db";

export async function auditTargetOf(
  db: Db,
  userId: string,
): Promise<{ id: string; email: string }> {
  const [user] = await db
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return user ?? { id: userId, email: "" };
}
