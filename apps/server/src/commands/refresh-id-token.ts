/**
 * Trades a refresh token for a new ID token and the next refresh token (POST /v1/auth/token).
 * A spent token presented again revokes its whole family: someone holds a copy.
 */
import { and, type Db, eq, isNull, schema } from "@lumen/db";
import { AuthError } from "../auth/auth-error.ts";
import { hashSecret } from "../auth/secret-token.ts";
import { issueSessionTokens, type SessionTokens } from "../auth/session-tokens.ts";
import type { KeyRing } from "../auth/signing-keys.ts";
import { findUserById } from "../auth/users.ts";

export interface RefreshIdTokenOptions {
  db: Db;
  keys: KeyRing;
  refreshToken: string;
}

export async function refreshIdToken(options: RefreshIdTokenOptions): Promise<SessionTokens> {
  const { db } = options;
  const tokenHash = hashSecret(options.refreshToken);
  const [row] = await db
    .select()
    .from(schema.refreshTokens)
    .where(eq(schema.refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) {
    throw new AuthError("auth/requires-recent-login");
  }
  const spent = await db
    .update(schema.refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(schema.refreshTokens.id, row.id), isNull(schema.refreshTokens.usedAt)))
    .returning({ id: schema.refreshTokens.id });
  if (spent.length === 0) {
    await db
      .update(schema.refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(schema.refreshTokens.familyId, row.familyId),
          isNull(schema.refreshTokens.revokedAt),
        ),
      );
    throw new AuthError(
      "auth/requires-recent-login",
      "This sign-in was used elsewhere and has been ended. Sign in again.",
    );
  }
  const user = await findUserById(db, row.userId);
  if (!user) throw new AuthError("auth/requires-recent-login");
  if (user.disabled) throw new AuthError("auth/user-disabled");
  return issueSessionTokens({ db, keys: options.keys, user, familyId: row.familyId });
}
