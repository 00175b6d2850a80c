/**
 * An admin lifts a learner's ban from posting (DELETE /v1/admin/moderation/bans/:userId), with its
 * audit entry in the same transaction. 404 when the learner is not banned.
 */
import { type Db, eq, schema } from "@lumen/db";
import { errors } from "../../errors.ts";
import { type AuditActor, recordAudit } from "../../operations/audit-log.ts";
import { auditTargetOf } from "./audit-target.ts";

export async function liftPostingBan({
  db,
  actor,
  userId,
}: {
  db: Db;
  actor: AuditActor;
  userId: string;
}): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [lifted] = await tx
      .delete(schema.communityBans)
      .where(eq(schema.communityBans.userId, userId))
      .returning({ reason: schema.communityBans.reason });
    if (!lifted) throw errors.notFound("A ban of this user");
    await recordAudit(tx, {
      actor,
      action: "moderation.unban",
      target: await auditTargetOf(tx, userId),
      detail: { reason: lifted.reason },
    });
  });
}
