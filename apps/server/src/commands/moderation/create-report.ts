/**
 * A learner reports a share, a post or a comment (POST /v1/reports). One open report per reporter
 * and target: reporting again while the first is open answers that one. A target that does not
 * exist is a 404, whatever the shape of its id.
 */
import type { CreateReportBody } from "@lumen/contracts";
import { and, type Db, eq, isNull, schema } from "@lumen/db";
import { errors } from "../../errors.ts";
import { readTarget } from "./moderation-target.ts";
import { encodeReason } from "./report-reason.ts";

export interface CreateReportOptions {
  db: Db;
  reporterId: string;
  report: CreateReportBody;
}

export async function createReport({
  db,
  reporterId,
  report,
}: CreateReportOptions): Promise<{ id: number; alreadyReported: boolean }> {
  const target = await readTarget(db, report.targetKind, report.targetId);
  if (!target) throw errors.notFound(`This ${report.targetKind}`);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const mine = and(
      eq(schema.contentReports.reporterId, reporterId),
      eq(schema.contentReports.targetKind, target.kind),
      eq(schema.contentReports.targetId, target.id),
      isNull(schema.contentReports.resolvedAt),
    );
    // Locks the reporter's row so that two reports at once do not both open one.
    await tx
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.id, reporterId))
      .for("update");
    const [open] = await tx
      .select({ id: schema.contentReports.id })
      .from(schema.contentReports)
      .where(mine);
    if (open) return { id: open.id, alreadyReported: true };
    const [created] = await tx
      .insert(schema.contentReports)
      .values({
        reporterId,
        targetKind: target.kind,
        targetId: target.id,
        reason: encodeReason(report.reason, report.details),
      })
      .returning({ id: schema.contentReports.id });
    if (!created) throw new Error("The report was not stored.");
    return { id: created.id, alreadyReported: false };
  });
}
