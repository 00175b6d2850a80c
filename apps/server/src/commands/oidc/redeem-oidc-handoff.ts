/**
 * The web app's trade of a finished hosted sign-in for its session (POST /v1/auth/oidc/session):
 * the one-time code from the callback, good once, for two minutes, and only in the browser that
 * started the sign-in (its cookie holds the same state). The session is the configured identity
 * provider's, the same a password sign-in gives.
 */
import { and, type Db, eq, isNull, schema, sql } from "@lumen/db";
import { AuthError } from "../../auth/auth-error.ts";
import type { IdentityProvider, ProviderSession } from "../../auth/identity-provider.ts";
import { hashSecret } from "../../auth/secret-token.ts";
import { findUserById } from "../../auth/users.ts";

export interface RedeemOidcHandoffOptions {
  db: Db;
  identity: IdentityProvider;
  code: string;
  /** The state in this browser's sign-in cookie, if any. */
  cookieState: string | null;
  now: Date;
}

export async function redeemOidcHandoff(
  options: RedeemOidcHandoffOptions,
): Promise<ProviderSession> {
  const { db, now } = options;
  if (!options.cookieState) throw new AuthError("auth/invalid-oauth-state");
  const table = schema.oidcSignIns;
  const [row] = await db
    .update(table)
    .set({ handoffUsedAt: now })
    .where(
      and(
        eq(table.handoffHash, hashSecret(options.code)),
        eq(table.stateHash, hashSecret(options.cookieState)),
        isNull(table.handoffUsedAt),
        sql`${table.handoffExpiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ userId: table.userId });
  if (!row?.userId) throw new AuthError("auth/spent-oauth-state");
  const user = await findUserById(db, row.userId);
  if (!user) throw new AuthError("auth/spent-oauth-state");
  if (user.disabled) throw new AuthError("auth/user-disabled");
  return options.identity.createSession(user);
}
