/**
 * Changes the signed-in learner's password (POST /v1/me/password). The current password proves
 * it is them. Every other session ends: the session version rises (their ID tokens and session
 * cookies stop working at once) and every refresh token is revoked. This device gets a new
 * session, so the learner stays signed in here. Where the identity provider holds the password
 * (Firebase Authentication, ADR 0059), the new password is set there and the provider's new
 * tokens are this device's session; the product's own sessions end the same way.
 */
import { type Db, eq, schema, sql } from "@lumen/db";
import { checkCurrentPassword } from "../auth/current-password.ts";
import type { IdentityProvider } from "../auth/identity-provider.ts";
import { type Mailer, passwordChangedMail } from "../auth/mailer.ts";
import { hashPassword } from "../auth/password.ts";
import type { RateLimiter } from "../auth/rate-limit.ts";
import { issueSessionTokens, revokeAllRefreshTokens } from "../auth/session-tokens.ts";
import type { KeyRing } from "../auth/signing-keys.ts";
import { checkPasswordStrength, type UserRow } from "../auth/users.ts";
import { errors } from "../errors.ts";

export interface ChangePasswordOptions {
  db: Db;
  keys: KeyRing;
  limiter: RateLimiter;
  mailer: Mailer;
  user: UserRow;
  currentPassword: string;
  newPassword: string;
  productName: string;
  supportEmail: string;
  /** The configured provider: it checks and changes the passwords it holds. */
  identity?: IdentityProvider;
}

export async function changePassword(options: ChangePasswordOptions) {
  const { db, user } = options;
  checkPasswordStrength(options.newPassword);
  const held = await checkCurrentPassword({
    limiter: options.limiter,
    user,
    password: options.currentPassword,
    ...(options.identity ? { identity: options.identity } : {}),
  });
  const providerTokens = held ? await held.changePassword(options.newPassword) : undefined;
  // The product keeps no hash of a password the provider holds.
  const passwordHash = held ? undefined : await hashPassword(options.newPassword);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(schema.users)
      .set({
        ...(passwordHash ? { passwordHash } : {}),
        sessionVersion: sql`${schema.users.sessionVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(schema.users.id, user.id))
      .returning();
    await revokeAllRefreshTokens(tx as unknown as Db, user.id);
    return row;
  });
  if (!updated) throw errors.notFound("This account");
  const tokens =
    providerTokens ?? (await issueSessionTokens({ db, keys: options.keys, user: updated }));
  await options.mailer.send(
    passwordChangedMail({
      to: updated.email,
      productName: options.productName,
      supportEmail: options.supportEmail,
    }),
  );
  return { tokens, user: updated };
}
