/**
 * Account lookups and the rules on what an account accepts: a real email address (stored
 * lower-cased) and a password of at least 6 characters (spec section 5).
 */
import { type Db, eq, schema } from "@lumen/db";
import { z } from "zod";
import { AuthError } from "./auth-error.ts";
import type { TokenUser } from "./id-token.ts";
import { MIN_PASSWORD_LENGTH } from "./password.ts";

export type UserRow = typeof schema.users.$inferSelect;

const emailSchema = z.email();

/** The address as stored, or auth/invalid-email. */
export function normaliseEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  if (trimmed.length > 254 || !emailSchema.safeParse(trimmed).success) {
    throw new AuthError("auth/invalid-email");
  }
  return trimmed;
}

export function checkPasswordStrength(password: string): void {
  // Counted in code points, so that an emoji is one character as the learner sees it.
  if ([...password].length < MIN_PASSWORD_LENGTH) throw new AuthError("auth/weak-password");
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
