/**
 * An admin grants a plan (POST /v1/admin/users/:userId/plan-grants, `npm run admin -- grant-plan`):
 * staff and partner tiers are entitlements, not prices (issue 15). The new grant replaces the one
 * in force, if any; the grant, the replaced one's end and the audit entry are one transaction.
 */
import type { PlanTier } from "@lumen/core";
import { and, type Db, eq, isNull, schema, sql } from "@lumen/db";
import type { PlanGrantRow } from "../billing/effective-plan.ts";
import { errors } from "../errors.ts";
import { type AuditActor, recordAudit } from "../operations/audit-log.ts";
import { findAdminTarget } from "./admin-find-user.ts";

export interface AdminGrantPlanOptions {
  db: Db;
  /** Null for the command line. */
  actor: AuditActor | null;
  userId: string;
  tier: Exclude<PlanTier, "free">;
  reason: string;
  endsAt?: Date | null;
  now?: Date;
  /** Added to the audit entry (the command line's `{ via, operator }`). */
  auditDetail?: Record<string, unknown>;
}

export async function adminGrantPlan({
  db,
  actor,
  userId,
  tier,
  reason,
  endsAt = null,
  now = new Date(),
  auditDetail = {},
}: AdminGrantPlanOptions): Promise<PlanGrantRow> {
  const text = reason.trim();
  if (text.length === 0) throw errors.validation("reason: give a reason");
  if (endsAt && endsAt <= now) throw errors.validation("endsAt: must be in the future");
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const user = await findAdminTarget(tx, userId);
    const grants = schema.planGrants;
    // What is in force now ends now: one grant at a time, the newest.
    const replaced = await tx
      .update(grants)
      .set({ revokedAt: now })
      .where(
        and(
          eq(grants.userId, user.id),
          isNull(grants.revokedAt),
          sql`(${grants.endsAt} is null or ${grants.endsAt} > ${now})`,
        ),
      )
      .returning({ id: grants.id, tier: grants.tier });
    const [grant] = await tx
      .insert(grants)
      .values({
        userId: user.id,
        tier,
        reason: text,
        grantedBy: actor?.id ?? null,
        startsAt: now,
        endsAt,
        createdAt: now,
      })
      .returning();
    if (!grant) throw new Error("plan_grants insert returned nothing");
    await recordAudit(tx, {
      actor,
      action: "billing.plan.grant",
      target: { id: user.id, email: user.email },
      detail: {
        grantId: grant.id,
        tier,
        reason: text,
        endsAt: endsAt?.toISOString() ?? null,
        replaced: replaced.map((r) => r.id),
        ...auditDetail,
      },
    });
    return grant;
  });
}
