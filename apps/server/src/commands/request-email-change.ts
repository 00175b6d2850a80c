/**
 * Starts an email change (POST /v1/me/email): the current password proves it is the learner, and
 * a link goes to the new address. The account keeps its address until that link is opened
 * (confirm-email-change.ts), so a typo never locks anyone out.
 */
import type { Db } from "@lumen/db";
import { createActionCode } from "../auth/action-codes.ts";
import { AuthError } from "../auth/auth-error.ts";
import { checkCurrentPassword } from "../auth/current-password.ts";
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
}

/** Answers the address the link went to, as stored (trimmed, lower-cased). */
export async function requestEmailChange(options: RequestEmailChangeOptions): Promise<string> {
  const { user } = options;
  const newEmail = normaliseEmail(options.newEmail);
  await checkCurrentPassword({
    limiter: options.limiter,
    user,
    password: options.currentPassword,
  });
  if (newEmail === user.email) throw errors.validation("newEmail: that is already your address");
  // As sign-up does: the address is taken, and saying so is no more than sign-up says.
  if (await findUserByEmail(options.db, newEmail)) throw new AuthError("auth/email-already-in-use");
  await options.limiter.check(
    "emailChangePerAccount",
    user.id,
    "You asked to change your address five times within the hour. Try again later.",
  );
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
