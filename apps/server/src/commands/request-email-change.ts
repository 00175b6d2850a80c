/**
 * Starts an email change (POST /v1/me/email): the current password proves it is the learner, and
 * a link goes to the new address. The account keeps its address until that link is opened
 * (confirm-email-change.ts), so a typo never locks anyone out. Where the identity provider holds
 * the password (Firebase Authentication, ADR 0059), the provider checks it and mails its own link
 * (ActionCodeSender.confirmEmailChange applies it).
 */
import type { Db } from "@lumen/db";
import { createActionCode } from "../auth/action-codes.ts";
import { AuthError } from "../auth/auth-error.ts";
import { checkCurrentPassword } from "../auth/current-password.ts";
import type { IdentityProvider } from "../auth/identity-provider.ts";
import { changeEmailMail, type Mailer } from "../auth/mailer.ts";
import type { RateLimiter } from "../auth/rate-limit.ts";
import { findUserByEmail, normaliseEmail, type UserRow } from "../auth/users.ts";
import { errors } from "../errors.ts";
import { actionLink } from "./request-email-verification.ts";

export interface RequestEmailChangeOptions {
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  user: UserRow;
  newEmail: string;
  currentPassword: string;
  origin: string;
  productName: string;
  /** The configured provider: it checks the passwords it holds and mails their change links. */
  identity?: IdentityProvider;
}

/** Answers the address the link went to, as stored (trimmed, lower-cased). */
export async function requestEmailChange(options: RequestEmailChangeOptions): Promise<string> {
  const { user } = options;
  const newEmail = normaliseEmail(options.newEmail);
  const held = await checkCurrentPassword({
    limiter: options.limiter,
    user,
    password: options.currentPassword,
    ...(options.identity ? { identity: options.identity } : {}),
  });
  if (newEmail === user.email) throw errors.validation("newEmail: that is already your address");
  // As sign-up does: the address is taken, and saying so is no more than sign-up says.
  if (await findUserByEmail(options.db, newEmail)) throw new AuthError("auth/email-already-in-use");
  await options.limiter.check(
    "emailChangePerAccount",
    user.id,
    "You asked to change your address five times within the hour. Try again later.",
  );
  if (held) {
    await held.requestEmailChange(newEmail);
    return newEmail;
  }
  const code = await createActionCode({
    db: options.db,
    userId: user.id,
    email: newEmail,
    purpose: "change_email",
  });
  await options.mailer.send(
    changeEmailMail({
      to: newEmail,
      link: actionLink(options.origin, "changeEmail", code),
      productName: options.productName,
    }),
  );
  return newEmail;
}
