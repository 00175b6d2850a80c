/**
 * The pair a sign-in answers with: a one-hour ID token and a refresh token. Refresh tokens
 * rotate: each use spends the token and issues the next of the same family; presenting a spent
 * one means it was copied, so the whole family is revoked (issue 3).
 */
import { randomUUID } from "node:crypto";
import { and, type Db, eq, isNull, schema } from "@lumen/db";
import { signIdToken } from "./id-token.ts";
import { hashSecret, newSecret } from "./secret-token.ts";
import type { KeyRing } from "./signing-keys.ts";
import { toTokenUser, type UserRow } from "./users.ts";

/** A family lives at most this long without a fresh sign-in. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionTokens {
  idToken: string;
  refreshToken: string;
}

export async function issueSessionTokens(options: {
  db: Db;
  keys: KeyRing;
  user: UserRow;
  /** Continue this family (a rotation); a new one otherwise (a sign-in). */
  familyId?: string;
}): Promise<SessionTokens> {
  const refreshToken = newSecret();
  await options.db.insert(schema.refreshTokens).values({
    userId: options.user.id,
    familyId: options.familyId ?? randomUUID(),
    tokenHash: hashSecret(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  const idToken = await signIdToken(options.keys, toTokenUser(options.user));
  return { idToken, refreshToken };
}

/** Ends every refresh-token family of a user (password reset, disabling). */
export async function revokeAllRefreshTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(schema.refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(schema.refreshTokens.userId, userId), isNull(schema.refreshTokens.revokedAt)));
}
