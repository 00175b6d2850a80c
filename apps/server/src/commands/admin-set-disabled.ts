/**
 * An admin disables or re-enables an account (POST /v1/admin/users/:userId/disable|enable).
 * Disabling ends every session at once, as `npm run admin -- disable-user` does (a new session
 * version, every refresh token revoked). Admins cannot disable themselves.
 */
import { type Db, eq, schema, sql } from "@lumen/db";
import { revokeAllRefreshTokens } from "../auth/session-tokens.ts";
import type { UserRow } from "../auth/users.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "../operations/audit-log.ts";
import { findAdminTarget } from "./admin-find-user.ts";

export interface AdminSetDisabledOptions {
  db: Db;
  actor: AuditActor;
  userId: string;
  disabled: boolean;
}

export async function adminSetDisabled({
  db,
  actor,
  userId,
  disabled,
}: AdminSetDisabledOptions): Promise<UserRow> {
  if (disabled && userId === actor.id) {
    throw new AppError("conflict", "You cannot disable your own account.");
  }
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const user = await findAdminTarget(tx, userId);
    const [updated] = await tx
      .update(schema.users)
      .set(
        disabled
          ? {
              disabled: true,
              sessionVersion: sql`${schema.users.sessionVersion} + 1`,
              updatedAt: new Date(),
            }
          : { disabled: false, updatedAt: new Date() },
      )
      .where(eq(schema.users.id, user.id))
      .returning();
    if (disabled) await revokeAllRefreshTokens(tx, user.id);
    await recordAudit(tx, {
      actor,
      action: disabled ? "user.disable" : "user.enable",
      target: { id: user.id, email: user.email },
    });
    return updated ?? user;
  });
}
