/**
 * An admin dismisses the open reports of one target (POST /v1/admin/moderation/dismiss): the
 * content stays as it is, the reports leave the queue, the audit log says so. 404 when the target
 * has no open report.
 */
import type { ReportTargetKind } from "@lumen/contracts";
import { and, type Db, eq, isNull, schema } from "@lumen/db";
import { errors } from "../../errors.ts";
import { type AuditActor, recordAudit } from "../../operations/audit-log.ts";
import { auditTargetOf } from "./audit-target.ts";
import { readTarget } from "./moderation-target.ts";

export interface DismissReportsOptions {
  db: Db;
  actor: AuditActor;
  targetKind: ReportTargetKind;
  targetId: string;
  note?: string;
  now: Date;
}

export async function dismissReports({
  db,
  actor,
  targetKind,
  targetId,
  note,
  now,
}: DismissReportsOptions): Promise<{ dismissed: number }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const rows = await tx
      .update(schema.contentReports)
      .set({ resolvedAt: now, resolvedBy: actor.id, resolution: "dismissed" })
      .where(
        and(
          eq(schema.contentReports.targetKind, targetKind),
          eq(schema.contentReports.targetId, targetId),
          isNull(schema.contentReports.resolvedAt),
        ),
      )
      .returning({ id: schema.contentReports.id });
    if (rows.length === 0) throw errors.notFound(`An open report of this ${targetKind}`);
    const target = await readTarget(tx, targetKind, targetId);
    await recordAudit(tx, {
      actor,
      action: "moderation.dismiss",
      target: target ? await auditTargetOf(tx, target.authorId) : null,
      detail: {
        targetKind,
        targetId,
        reportsDismissed: rows.length,
        ...(target ? { title: target.title } : {}),
        ...(note ? { note } : {}),
      },
    });
    return { dismissed: rows.length };
  });
}
