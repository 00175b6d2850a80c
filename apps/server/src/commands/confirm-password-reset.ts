/**
 * Sets a new password with a reset code (POST /v1/auth/password-reset/confirm). Every existing
 * session and refresh token of the account ends: whoever knew the old password is out.
 */
import { type Db, eq, schema, sql } from "@lumen/db";
import { consumeActionCode } from "../auth/action-codes.ts";
import { AuthError } from "../auth/auth-error.ts";
import { hashPassword } from "../auth/password.ts";
import type { RateLimiter } from "../auth/rate-limit.ts";
import { revokeAllRefreshTokens } from "../auth/session-tokens.ts";
import { checkPasswordStrength } from "../auth/users.ts";

export interface ConfirmPasswordResetOptions {
  db: Db;
  limiter: RateLimiter;
  ip: string;
  code: string;
  newPassword: string;
}

export async function confirmPasswordReset(options: ConfirmPasswordResetOptions): Promise<void> {
  await options.limiter.check("actionCodePerIp", options.ip);
  checkPasswordStrength(options.newPassword);
  const { userId, email } = await consumeActionCode({
    db: options.db,
    code: options.code,
    purpose: "password_reset",
  });
  const passwordHash = await hashPassword(options.newPassword);
  const updated = await options.db
    .update(schema.users)
    // The link reached this address, so the address is proven too.
    .set({
      passwordHash,
      emailVerified: true,
      sessionVersion: sql`${schema.users.sessionVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(schema.users.id, userId))
    .returning({ email: schema.users.email, disabled: schema.users.disabled });
  const user = updated[0];
  if (!user || user.email !== email) throw new AuthError("auth/invalid-action-code");
  if (user.disabled) throw new AuthError("auth/user-disabled");
  await revokeAllRefreshTokens(options.db, userId);
}
