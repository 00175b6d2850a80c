/**
 * The admin audit log (issue 14): every action an operator takes in the console or with
 * `npm run admin` is written here, in the same transaction as the action where it has one.
 */
import { type Db, schema } from "@lumen/db";

export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditEntry {
  /** Null for the command line. */
  actor: AuditActor | null;
  /** A dotted verb: "user.disable", "user.role.grant", "flag.update", "experiment.update"… */
  action: string;
  target?: { id: string; email: string } | null;
  detail?: Record<string, unknown>;
}

/** Appends one entry; pass the transaction as `db` to write it with the action. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    targetUserId: entry.target?.id ?? null,
    targetEmail: entry.target?.email ?? null,
    detail: entry.detail ?? {},
  });
}
