/**
 * Finishes an email change with the code mailed to the new address (POST
 * /v1/auth/email-change/confirm): the account takes the new address, now verified, and the old
 * address is told, so that a change made by someone else does not go unseen.
 */
import { and, type Db, eq, schema } from "@lumen/db";
import { consumeActionCode } from "../auth/action-codes.ts";
import { AuthError } from "../auth/auth-error.ts";
import { emailChangedMail, type Mailer } from "../auth/mailer.ts";
import type { RateLimiter } from "../auth/rate-limit.ts";
import { findUserById, type UserRow } from "../auth/users.ts";

export interface ConfirmEmailChangeOptions {
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  ip: string;
  code: string;
  productName: string;
  supportEmail: string;
}

/** PostgreSQL's unique_violation: another account took the address since the link was sent. */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown; cause?: { code?: unknown } })?.code === "23505" ||
  (error as { cause?: { code?: unknown } })?.cause?.code === "23505";

export async function confirmEmailChange(options: ConfirmEmailChangeOptions): Promise<UserRow> {
  await options.limiter.check("actionCodePerIp", options.ip);
  const { userId, email: newEmail } = await consumeActionCode({
    db: options.db,
    code: options.code,
    purpose: "change_email",
  });
  const before = await findUserById(options.db, userId);
  if (!before || before.disabled) throw new AuthError("auth/invalid-action-code");
  let updated: UserRow | undefined;
  try {
    [updated] = await options.db
      .update(schema.users)
      .set({ email: newEmail, emailVerified: true, updatedAt: new Date() })
      // Only from the address the account had: two changes confirmed at once take effect once.
      .where(and(eq(schema.users.id, userId), eq(schema.users.email, before.email)))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AuthError("auth/email-already-in-use");
    throw error;
  }
  if (!updated) throw new AuthError("auth/invalid-action-code");
  await options.mailer.send(
    emailChangedMail({
      to: before.email,
      newEmail,
      productName: options.productName,
      supportEmail: options.supportEmail,
    }),
  );
  return updated;
}
