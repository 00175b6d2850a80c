/**
 * The audit log as the admin console reads it (GET /v1/admin/audit): newest first, a page at a
 * time (the cursor is the last id of the page before), optionally one action or one account
 * (as actor or target), with every action the log holds for the console's filter.
 */
import { ADMIN_AUDIT_PAGE_SIZE } from "@lumen/contracts";
import { and, asc, type Db, desc, eq, or, schema, sql } from "@lumen/db";
import type { AuditRow } from "./admin-read-user.ts";

export interface AdminListAuditOptions {
  db: Db;
  cursor?: number;
  action?: string;
  userId?: string;
  pageSize?: number;
}

export async function adminListAudit({
  db,
  cursor,
  action,
  userId,
  pageSize = ADMIN_AUDIT_PAGE_SIZE,
}: AdminListAuditOptions): Promise<{
  entries: AuditRow[];
  nextCursor: string | null;
  actions: string[];
}> {
  const log = schema.auditLog;
  const conditions: ReturnType<typeof sql>[] = [];
  if (cursor !== undefined) conditions.push(sql`${log.id} < ${cursor}`);
  if (action) conditions.push(eq(log.action, action));
  if (userId) {
    const either = or(eq(log.actorId, userId), eq(log.targetUserId, userId));
    if (either) conditions.push(either);
  }
  const rows = await db
    .select()
    .from(log)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(log.id))
    .limit(pageSize + 1);
  const entries = rows.slice(0, pageSize);
  const last = entries.at(-1);
  const actions = await db
    .selectDistinct({ action: log.action })
    .from(log)
    .orderBy(asc(log.action));
  return {
    entries,
    nextCursor: rows.length > pageSize && last ? String(last.id) : null,
    actions: actions.map((a) => a.action),
  };
}
