/**
 * Account lookups and the rules on what an account accepts: a real email address (stored
 * lower-cased) and a password of at least 6 characters (spec section 5).
 */

import { isStrongEnoughPassword, isValidEmail, normalisedEmail } from "@lumen/contracts";
import { type Db, eq, schema } from "@lumen/db";
import { AuthError } from "./auth-error.ts";
import type { TokenUser } from "./id-token.ts";

export type UserRow = typeof schema.users.$inferSelect;

/** The address as stored, or auth/invalid-email (the rule: @lumen/contracts account.ts). */
export function normaliseEmail(email: string): string {
  if (!isValidEmail(email)) throw new AuthError("auth/invalid-email");
  return normalisedEmail(email);
}

export function checkPasswordStrength(password: string): void {
  if (!isStrongEnoughPassword(password)) throw new AuthError("auth/weak-password");
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, id)).limit(1);
  return row;
}

export function toTokenUser(row: UserRow): TokenUser {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    displayName: row.displayName,
    photoUrl: row.photoUrl,
    roles: row.roles,
    sessionVersion: row.sessionVersion,
  };
}

/** Whether a session or token issued under `sessionVersion` is still good for this account. */
export function sessionStillValid(row: UserRow, sessionVersion: number): boolean {
  return !row.disabled && row.sessionVersion === sessionVersion;
}
