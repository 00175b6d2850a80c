/** Creates an account with email and password (POST /v1/auth/signup). */
import { type Db, schema } from "@lumen/db";
import { AuthError } from "../auth/auth-error.ts";
import { hashPassword } from "../auth/password.ts";
import type { RateLimiter } from "../auth/rate-limit.ts";
import { checkPasswordStrength, normaliseEmail, type UserRow } from "../auth/users.ts";
import { carryVisitorIdentity } from "../operations/experiments/experiment-subject.ts";

export interface SignUpUserOptions {
  db: Db;
  limiter: RateLimiter;
  ip: string;
  email: string;
  password: string;
  displayName?: string | null;
  roles?: string[];
  emailVerified?: boolean;
  /** The anonymous visitor id, kept so that experiment variants do not change at sign-up. */
  visitorId?: string;
}

export async function signUpUser(options: SignUpUserOptions): Promise<UserRow> {
  await options.limiter.check("signUpPerIp", options.ip);
  const email = normaliseEmail(options.email);
  checkPasswordStrength(options.password);
  const passwordHash = await hashPassword(options.password);
  const [row] = await options.db
    .insert(schema.users)
    .values({
      email,
      passwordHash,
      displayName: options.displayName?.trim() || null,
      roles: options.roles ?? [],
      emailVerified: options.emailVerified ?? false,
    })
    .onConflictDoNothing({ target: schema.users.email })
    .returning();
  if (!row) throw new AuthError("auth/email-already-in-use");
  if (options.visitorId)
    await carryVisitorIdentity({ db: options.db, userId: row.id, visitorId: options.visitorId });
  return row;
}
