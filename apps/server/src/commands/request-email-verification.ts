/** Mails a link that confirms the signed-in user's address (POST /v1/auth/verify-email). */
import type { Db } from "@lumen/db";
import { createActionCode } from "../auth/action-codes.ts";
import { type Mailer, verifyEmailMail } from "../auth/mailer.ts";
import type { RateLimiter } from "../auth/rate-limit.ts";
import type { UserRow } from "../auth/users.ts";

export interface RequestEmailVerificationOptions {
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  user: UserRow;
  origin: string;
  productName: string;
}

/** Answers false when the address is already verified (nothing sent). */
export async function requestEmailVerification(
  options: RequestEmailVerificationOptions,
): Promise<boolean> {
  const { user } = options;
  if (user.emailVerified) return false;
  await options.limiter.check("resetPerAccount", `verify:${user.email}`);
  const code = await createActionCode({
    db: options.db,
    userId: user.id,
    email: user.email,
    purpose: "verify_email",
  });
  const link = `${options.origin}/web/login#verifyEmail=${encodeURIComponent(code)}`;
  await options.mailer.send(
    verifyEmailMail({ to: user.email, link, productName: options.productName }),
  );
  return true;
}
