/**
 * Mails a link that confirms the account's address: at sign-up, and again when the learner asks
 * (POST /v1/auth/verify-email). Asking again is limited to once a minute and five times an hour
 * per account; the mail sent at sign-up does not count, so a learner whose first mail went astray
 * can ask at once.
 */
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
  /** The web app's origin, for the link. */
  origin: string;
  productName: string;
  /** A learner's request, counted against the limits; false for the mail sent at sign-up. */
  resend?: boolean;
}

export const RESEND_TOO_SOON =
  "A verification mail was sent less than a minute ago. Check your inbox and spam folder, or ask again in a moment.";

/** The page a code's link opens (web: features/auth/verify-email.tsx); the code rides in the fragment. */
export function actionLink(origin: string, mode: "verifyEmail" | "changeEmail", code: string) {
  return `${origin}/web/verify-email#mode=${mode}&code=${encodeURIComponent(code)}`;
}

/** Answers false when the address is already verified (nothing sent). */
export async function requestEmailVerification(
  options: RequestEmailVerificationOptions,
): Promise<boolean> {
  const { user } = options;
  if (user.emailVerified) return false;
  if (options.resend ?? true) {
    await options.limiter.check("verifyEmailResend", user.id, RESEND_TOO_SOON);
    await options.limiter.check(
      "verifyEmailPerAccount",
      user.id,
      "You asked for five verification mails within the hour. Check your spam folder, or ask again later.",
    );
  }
  const code = await createActionCode({
    db: options.db,
    userId: user.id,
    email: user.email,
    purpose: "verify_email",
  });
  await options.mailer.send(
    verifyEmailMail({
      to: user.email,
      link: actionLink(options.origin, "verifyEmail", code),
      productName: options.productName,
    }),
  );
  return true;
}
