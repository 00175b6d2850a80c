/**
 * Signs an account out everywhere (POST /v1/admin/users/:userId/sign-out): a new session version
 * ends its ID tokens and session cookies, and its refresh tokens are revoked, so every device has
 * to sign in again. The account itself stays as it was.
 */
import { type Db, eq, schema, sql } from "@lumen/db";
import { revokeAllRefreshTokens } from "../auth/session-tokens.ts";
import type { UserRow } from "../auth/users.ts";
import { type AuditActor, recordAudit } from "../operations/audit-log.ts";
import { findAdminTarget } from "./admin-find-user.ts";

export interface AdminSignOutUserOptions {
  db: Db;
  actor: AuditActor;
  userId: string;
}

export async function adminSignOutUser({
  db,
  actor,
  userId,
}: AdminSignOutUserOptions): Promise<UserRow> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const user = await findAdminTarget(tx, userId);
    const [updated] = await tx
      .update(schema.users)
      .set({ sessionVersion: sql`${schema.users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(eq(schema.users.id, user.id))
      .returning();
    await revokeAllRefreshTokens(tx, user.id);
    await recordAudit(tx, {
      actor,
      action: "user.sign-out",
      target: { id: user.id, email: user.email },
    });
    return updated ?? user;
  });
}
