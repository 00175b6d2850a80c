/** Marks an address verified with a code from the verification mail (POST /v1/auth/verify-email/confirm). */
import { and, type Db, eq, schema } from "@lumen/db";
import { consumeActionCode } from "../auth/action-codes.ts";
import { AuthError } from "../auth/auth-error.ts";
import type { RateLimiter } from "../auth/rate-limit.ts";

export interface ConfirmEmailVerificationOptions {
  db: Db;
  limiter: RateLimiter;
  ip: string;
  code: string;
}

export async function confirmEmailVerification(
  options: ConfirmEmailVerificationOptions,
): Promise<void> {
  await options.limiter.check("actionCodePerIp", options.ip);
  const { userId, email } = await consumeActionCode({
    db: options.db,
    code: options.code,
    purpose: "verify_email",
  });
  // Only if the account still has the address the code was sent to.
  const updated = await options.db
    .update(schema.users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(schema.users.id, userId), eq(schema.users.email, email)))
    .returning({ id: schema.users.id });
  if (updated.length === 0) throw new AuthError("auth/invalid-action-code");
}
