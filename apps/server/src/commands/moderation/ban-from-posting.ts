/**
 * An admin bans a learner from posting in the community (POST /v1/admin/moderation/bans), until
 * lifted or until `until`; banning again replaces the earlier ban. Admins cannot ban themselves.
 * The audit log records it in the same transaction.
 */
import { type Db, eq, schema } from "@lumen/db";
import { AppError, errors } from "../../errors.ts";
import { type AuditActor, recordAudit } from "../../operations/audit-log.ts";
import { auditTargetOf } from "./audit-target.ts";

export interface BanFromPostingOptions {
  db: Db;
  actor: AuditActor;
  userId: string;
  reason: string;
  until: Date | null;
  now: Date;
}

export async function banFromPosting({
  db,
  actor,
  userId,
  reason,
  until,
  now,
}: BanFromPostingOptions): Promise<void> {
  if (userId === actor.id) throw new AppError("conflict", "You cannot ban yourself.");
  if (until && until <= now)
    throw errors.validation("until: the end of a ban must be in the future.");
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [user] = await tx
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    if (!user) throw errors.notFound("This user");
    const values = { bannedBy: actor.id, reason, until, createdAt: now };
    await tx
      .insert(schema.communityBans)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: schema.communityBans.userId, set: values });
    await recordAudit(tx, {
      actor,
      action: "moderation.ban",
      target: await auditTargetOf(tx, userId),
      detail: { reason, until: until?.toISOString() ?? null },
    });
  });
}
