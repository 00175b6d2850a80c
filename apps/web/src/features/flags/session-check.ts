/**
 * Whether this browser's idea of the signed-in user is out of date (issue 14): the flags answer
 * says who the server took the caller for as the account is now, so a role granted or revoked in
 * the admin console is noticed at the next flags read rather than at the next token refresh.
 */
import type { FlagsAnswer } from "@lumen/contracts";

export interface KnownUser {
  id: string;
  claims: { roles: readonly string[] };
}

export function rolesOutOfDate(user: KnownUser | null, caller: FlagsAnswer["caller"]): boolean {
  // Another user's answer (a sign-in happened in between) or an anonymous one says nothing.
  if (!user || !caller || caller.id !== user.id) return false;
  const mine = new Set(user.claims.roles);
  const theirs = new Set(caller.roles);
  return mine.size !== theirs.size || [...theirs].some((role) => !mine.has(role));
}
