/** Resolves, reopens or ignores an error issue, with an audit log entry in the same transaction. */
import type { ErrorIssueStatus } from "@lumen/contracts";
import { type Db, eq, schema } from "@lumen/db";
import { errors } from "../errors.ts";
import { type AuditActor, recordAudit } from "../operations/audit-log.ts";
import { presentIssue } from "./list-error-issues.ts";

export interface SetErrorIssueStatusOptions {
  db: Db;
  actor: AuditActor;
  issueId: number;
  status: ErrorIssueStatus;
}

export async function setErrorIssueStatus({
  db,
  actor,
  issueId,
  status,
}: SetErrorIssueStatusOptions) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(schema.errorIssues)
      .set({ status })
      .where(eq(schema.errorIssues.id, issueId))
      .returning();
    if (!row) throw errors.notFound("This error issue");
    await recordAudit(tx, {
      actor,
      action: "error.status",
      detail: { issueId, title: row.title, status },
    });
    return presentIssue(row);
  });
}
