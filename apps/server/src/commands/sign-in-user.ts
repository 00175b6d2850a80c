/**
 * Checks an email and password (POST /v1/auth/signin). An unknown email and a wrong password
 * answer the same code, message and time (docs/decisions/0010).
 */
import { type Db, eq, schema } from "@lumen/db";
import { AuthError } from "../auth/auth-error.ts";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "../auth/password.ts";
import type { RateLimiter } from "../auth/rate-limit.ts";
import { findUserByEmail, normaliseEmail, type UserRow } from "../auth/users.ts";

export interface SignInUserOptions {
  db: Db;
  limiter: RateLimiter;
  ip: string;
  email: string;
  password: string;
}

export async function signInUser(options: SignInUserOptions): Promise<UserRow> {
  await options.limiter.check("signInPerIp", options.ip);
  const email = normaliseEmail(options.email);
  await options.limiter.check("signInPerAccountAndIp", `${email}|${options.ip}`);
  await options.limiter.check("signInPerAccount", email);
  const user = await findUserByEmail(options.db, email);
  const matches = await verifyPassword(
    options.password,
    user?.passwordHash ?? (await dummyPasswordHash()),
  );
  if (!user || !matches) throw new AuthError("auth/wrong-password");
  // Only after the password is proven, so that disabled accounts cannot be probed for.
  if (user.disabled) throw new AuthError("auth/user-disabled");
  if (needsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(options.password);
    await options.db.update(schema.users).set({ passwordHash }).where(eq(schema.users.id, user.id));
  }
  return user;
}
