/**
 * An admin hides reported content or restores it (POST /v1/admin/moderation/hide|restore). Hiding
 * resolves the target's open reports as "hidden"; both write the audit log in the same transaction.
 * Hiding what is hidden (or restoring what is shown) changes nothing and writes nothing.
 */
import type { ReportTargetKind } from "@lumen/contracts";
import { and, type Db, eq, isNull, schema } from "@lumen/db";
import { errors } from "../../errors.ts";
import { type AuditActor, recordAudit } from "../../operations/audit-log.ts";
import { auditTargetOf } from "./audit-target.ts";
import { readTarget, setTargetHidden } from "./moderation-target.ts";

export interface SetContentHiddenOptions {
  db: Db;
  actor: AuditActor;
  targetKind: ReportTargetKind;
  targetId: string;
  hidden: boolean;
  note?: string;
  now: Date;
}

export async function setContentHidden({
  db,
  actor,
  targetKind,
  targetId,
  hidden,
  note,
  now,
}: SetContentHiddenOptions): Promise<{ changed: boolean }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const target = await readTarget(tx, targetKind, targetId);
    if (!target) throw errors.notFound(`This ${targetKind}`);
    let resolved = 0;
    if (hidden) {
      const rows = await tx
        .update(schema.contentReports)
        .set({ resolvedAt: now, resolvedBy: actor.id, resolution: "hidden" })
        .where(
          and(
            eq(schema.contentReports.targetKind, target.kind),
            eq(schema.contentReports.targetId, target.id),
            isNull(schema.contentReports.resolvedAt),
          ),
        )
        .returning({ id: schema.contentReports.id });
      resolved = rows.length;
    }
    if ((target.hiddenAt !== null) === hidden) return { changed: false };
    await setTargetHidden(tx, target.kind, target.id, hidden ? now : null);
    await recordAudit(tx, {
      actor,
      action: hidden ? "moderation.hide" : "moderation.restore",
      target: await auditTargetOf(tx, target.authorId),
      detail: {
        targetKind: target.kind,
        targetId: target.id,
        title: target.title,
        ...(hidden ? { reportsResolved: resolved } : {}),
        ...(note ? { note } : {}),
      },
    });
    return { changed: true };
  });
}
