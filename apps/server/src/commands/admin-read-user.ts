/**
 * One account as the admin console shows it (GET /v1/admin/users/:userId): the account, its
 * learning figures (the same as the learner's own profile) and its latest audit entries.
 */
import { ADMIN_USER_RECENT_AUDIT, type LearnerStats } from "@lumen/contracts";
import { type Db, desc, eq, schema } from "@lumen/db";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import { type AdminUserRow, findAdminTarget, withLastVisits } from "./admin-find-user.ts";
import { readLearnerStats } from "./read-learner-stats.ts";

export type AuditRow = typeof schema.auditLog.$inferSelect;

export interface AdminReadUserOptions {
  db: Db;
  catalog: CatalogStore;
  userId: string;
  now: Date;
}

export async function adminReadUser({
  db,
  catalog,
  userId,
  now,
}: AdminReadUserOptions): Promise<{ user: AdminUserRow; stats: LearnerStats; audit: AuditRow[] }> {
  const target = await findAdminTarget(db, userId);
  const [user] = await withLastVisits(db, [target]);
  const stats = await readLearnerStats({ db, catalog, userId, now });
  const audit = await db
    .select()
    .from(schema.auditLog)
    .where(eq(schema.auditLog.targetUserId, userId))
    .orderBy(desc(schema.auditLog.id))
    .limit(ADMIN_USER_RECENT_AUDIT);
  return { user: user ?? { ...target, lastVisitAt: null }, stats, audit };
}
