/**
 * An admin sets an account's roles (PUT /v1/admin/users/:userId/roles): one audit entry per role
 * granted or revoked, in the same transaction. Admins cannot take their own admin role away, so
 * the console always keeps someone who can give it back.
 */
import { ADMIN_ROLE, type Role } from "@lumen/contracts";
import { type Db, eq, schema } from "@lumen/db";
import type { UserRow } from "../auth/users.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "../operations/audit-log.ts";
import { findAdminTarget } from "./admin-find-user.ts";

export interface AdminSetRolesOptions {
  db: Db;
  actor: AuditActor;
  userId: string;
  roles: readonly Role[];
}

export async function adminSetRoles({
  db,
  actor,
  userId,
  roles,
}: AdminSetRolesOptions): Promise<UserRow> {
  const wanted = [...new Set(roles)];
  if (userId === actor.id && !wanted.includes(ADMIN_ROLE)) {
    throw new AppError(
      "conflict",
      "You cannot remove your own admin role: ask another administrator to do it.",
    );
  }
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const user = await findAdminTarget(tx, userId);
    const granted = wanted.filter((r) => !user.roles.includes(r));
    const revoked = user.roles.filter((r) => !(wanted as string[]).includes(r));
    if (granted.length === 0 && revoked.length === 0) return user;
    const [updated] = await tx
      .update(schema.users)
      .set({ roles: wanted, updatedAt: new Date() })
      .where(eq(schema.users.id, user.id))
      .returning();
    const target = { id: user.id, email: user.email };
    for (const role of granted)
      await recordAudit(tx, { actor, action: "user.role.grant", target, detail: { role } });
    for (const role of revoked)
      await recordAudit(tx, { actor, action: "user.role.revoke", target, detail: { role } });
    return updated ?? user;
  });
}
