/**
 * The signed-in learner proves it is them before a change that could lock them out (a new
 * password or address, deleting the account): their current password, with as few guesses per
 * account as sign-in allows, so a session left open is not enough to take the account over.
 * Where the identity provider holds the account's password (a Firebase Authentication account,
 * ADR 0059), the provider checks it and answers what the change is then made with; otherwise the
 * product checks its own hash.
 */
import { AuthError } from "./auth-error.ts";
import type { IdentityProvider, ProviderReauthentication } from "./identity-provider.ts";
import { verifyPassword } from "./password.ts";
import type { RateLimiter } from "./rate-limit.ts";
import type { UserRow } from "./users.ts";

const notRight = () => new AuthError("auth/wrong-password", "Your current password is not right.");

/** The provider's proof to make the change with, or null when the product checked the password. */
export async function checkCurrentPassword(options: {
  limiter: RateLimiter;
  user: UserRow;
  password: string;
  identity?: IdentityProvider;
}): Promise<ProviderReauthentication | null> {
  const { user, password } = options;
  await options.limiter.check("passwordCheckPerAccount", user.id);
  const held = options.identity?.reauthenticate
    ? await options.identity.reauthenticate({ user, password }).catch((error: unknown) => {
        if (error instanceof AuthError && error.code === "auth/wrong-password") throw notRight();
        throw error;
      })
    : null;
  if (held) return held;
  if (!(await verifyPassword(password, user.passwordHash))) throw notRight();
  return null;
}
