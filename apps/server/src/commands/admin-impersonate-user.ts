/**
 * An admin mints an impersonation token for an account (POST /v1/admin/users/:userId/impersonate),
 * the same token `npm run admin -- impersonate` prints: an ID token naming the admin in its `imp`
 * claim, used as IMPERSONATION_TOKEN (spec section 6). Allowed only where the server accepts
 * such tokens (ALLOW_IMPERSONATION), and never for another admin or a disabled account.
 */
import { ADMIN_ROLE } from "@lumen/contracts";
import type { Db } from "@lumen/db";
import { IMPERSONATION_TTL_SECONDS, signIdToken } from "../auth/id-token.ts";
import type { KeyRing } from "../auth/signing-keys.ts";
import { toTokenUser } from "../auth/users.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "../operations/audit-log.ts";
import { findAdminTarget } from "./admin-find-user.ts";

export interface AdminImpersonateUserOptions {
  db: Db;
  keys: KeyRing;
  actor: AuditActor;
  userId: string;
  /** The server's ALLOW_IMPERSONATION. */
  allowed: boolean;
  now: Date;
}

export async function adminImpersonateUser(
  options: AdminImpersonateUserOptions,
): Promise<{ token: string; expiresAt: Date }> {
  const { db, actor } = options;
  if (!options.allowed) {
    throw new AppError(
      "conflict",
      "Impersonation is off on this server: it needs ALLOW_IMPERSONATION=true (never in production).",
    );
  }
  const user = await findAdminTarget(db, options.userId);
  if (user.roles.includes(ADMIN_ROLE)) {
    throw new AppError("conflict", "Administrators cannot be impersonated.");
  }
  if (user.disabled) {
    throw new AppError("conflict", "A disabled account cannot be impersonated: enable it first.");
  }
  const token = await signIdToken(options.keys, toTokenUser(user), {
    impersonatedBy: actor.email,
    ttlSeconds: IMPERSONATION_TTL_SECONDS,
  });
  const expiresAt = new Date(options.now.getTime() + IMPERSONATION_TTL_SECONDS * 1000);
  await recordAudit(db, {
    actor,
    action: "user.impersonate",
    target: { id: user.id, email: user.email },
    detail: { expiresAt: expiresAt.toISOString() },
  });
  return { token, expiresAt };
}
