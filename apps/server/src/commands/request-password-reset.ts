/**
 * Mails a one-time reset link when the address has an account (POST /v1/auth/password-reset).
 * The caller answers 204 either way, so the answer does not reveal who has an account; and it
 * answers once the rate limits are counted, before looking the address up, so neither does the
 * time it takes (issue 11 part 4): the look-up, the code and the mail are `done` later.
 */
import type { Db } from "@lumen/db";
import { createActionCode } from "../auth/action-codes.ts";
import { type Mailer, passwordResetMail } from "../auth/mailer.ts";
import type { RateLimiter } from "../auth/rate-limit.ts";
import { findUserByEmail, normaliseEmail } from "../auth/users.ts";

export interface RequestPasswordResetOptions {
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  ip: string;
  email: string;
  /** The web app's origin, for the link. */
  origin: string;
  productName: string;
}

export async function requestPasswordReset(
  options: RequestPasswordResetOptions,
): Promise<{ done: Promise<void> }> {
  await options.limiter.check("resetPerIp", options.ip);
  const email = normaliseEmail(options.email);
  await options.limiter.check("resetPerAccount", email);
  return { done: mailResetLink(options, email) };
}

async function mailResetLink(options: RequestPasswordResetOptions, email: string): Promise<void> {
  // A turn of the event loop first: the answer leaves before any work that depends on the account.
  await new Promise((resolve) => setImmediate(resolve));
  const user = await findUserByEmail(options.db, email);
  if (!user || user.disabled) return;
  const code = await createActionCode({
    db: options.db,
    userId: user.id,
    email,
    purpose: "password_reset",
  });
  // The code rides in the fragment: browsers do not send it to servers or in Referer headers.
  const link = `${options.origin}/web/passwordReset#code=${encodeURIComponent(code)}`;
  await options.mailer.send(
    passwordResetMail({ to: email, link, productName: options.productName }),
  );
}
