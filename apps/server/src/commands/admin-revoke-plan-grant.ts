/**
 * An admin ends a plan grant (POST /v1/admin/users/:userId/plan-grants/:grantId/revoke, or every
 * grant in force with `npm run admin -- revoke-plan`): the plan ends now, what the learner finished
 * and saved stays theirs. Each revocation is audited in the same transaction.
 */
import { and, type Db, eq, isNull, schema, sql } from "@lumen/db";
import type { PlanGrantRow } from "../billing/effective-plan.ts";
import { AppError, errors } from "../errors.ts";
import { type AuditActor, recordAudit } from "../operations/audit-log.ts";
import { findAdminTarget } from "./admin-find-user.ts";

export interface AdminRevokePlanGrantOptions {
  db: Db;
  actor: AuditActor | null;
  userId: string;
  /** One grant; without it, every grant in force. */
  grantId?: string;
  now?: Date;
  auditDetail?: Record<string, unknown>;
}

/** Answers the grants revoked (none when nothing was in force). */
export async function adminRevokePlanGrant({
  db,
  actor,
  userId,
  grantId,
  now = new Date(),
  auditDetail = {},
}: AdminRevokePlanGrantOptions): Promise<PlanGrantRow[]> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const user = await findAdminTarget(tx, userId);
    const grants = schema.planGrants;
    if (grantId) {
      const [grant] = await tx
        .select()
        .from(grants)
        .where(and(eq(grants.id, grantId), eq(grants.userId, user.id)));
      if (!grant) throw errors.notFound("This plan grant");
      if (grant.revokedAt || (grant.endsAt && grant.endsAt <= now)) {
        throw new AppError("conflict", "This plan grant has already ended.");
      }
    }
    const revoked = await tx
      .update(grants)
      .set({ revokedAt: now })
      .where(
        and(
          eq(grants.userId, user.id),
          grantId ? eq(grants.id, grantId) : undefined,
          isNull(grants.revokedAt),
          sql`(${grants.endsAt} is null or ${grants.endsAt} > ${now})`,
        ),
      )
      .returning();
    for (const grant of revoked) {
      await recordAudit(tx, {
        actor,
        action: "billing.plan.revoke",
        target: { id: user.id, email: user.email },
        detail: { grantId: grant.id, tier: grant.tier, ...auditDetail },
      });
    }
    return revoked;
  });
}
