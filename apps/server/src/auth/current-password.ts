/**
 * The signed-in learner proves it is them before a change that could lock them out (a new
 * password or address, deleting the account): their current password, with as few guesses per
 * account as sign-in allows, so a session left open is not enough to take the account over.
 */
import { AuthError } from "./auth-error.ts";
import { verifyPassword } from "./password.ts";
import type { RateLimiter } from "./rate-limit.ts";
import type { UserRow } from "./users.ts";

export async function checkCurrentPassword(options: {
  limiter: RateLimiter;
  user: UserRow;
  password: string;
}): Promise<void> {
  await options.limiter.check("passwordCheckPerAccount", options.user.id);
  if (!(await verifyPassword(options.password, options.user.passwordHash))) {
    throw new AuthError("auth/wrong-password", "Your current password is not right.");
  }
}
