/**
 * Mints an impersonation token for an account (`npm run admin -- impersonate <email>`): an ID
 * token marked with who asked, longer-lived, accepted only where ALLOW_IMPERSONATION is on.
 */
import type { Db } from "@lumen/db";
import { IMPERSONATION_TTL_SECONDS, signIdToken } from "../auth/id-token.ts";
import { loadKeyRing } from "../auth/signing-keys.ts";
import { findUserByEmail, normaliseEmail, toTokenUser } from "../auth/users.ts";
import { UnknownAccountError } from "./grant-role.ts";

export interface CreateImpersonationTokenOptions {
  db: Db;
  email: string;
  /** Who is asking, recorded in the token and in every log line of its use. */
  operator: string;
}

export async function createImpersonationToken(
  options: CreateImpersonationTokenOptions,
): Promise<string> {
  const user = await findUserByEmail(options.db, normaliseEmail(options.email));
  if (!user) throw new UnknownAccountError(options.email);
  const keys = await loadKeyRing(options.db);
  return signIdToken(keys, toTokenUser(user), {
    impersonatedBy: options.operator,
    ttlSeconds: IMPERSONATION_TTL_SECONDS,
  });
}
