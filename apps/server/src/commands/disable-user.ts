/**
 * Disables an account (`npm run admin -- disable-user <email>`): it cannot sign in or refresh,
 * and its sessions and ID tokens stop being accepted at once.
 */
import { type Db, eq, schema, sql } from "@lumen/db";
import { revokeAllRefreshTokens } from "../auth/session-tokens.ts";
import { findUserByEmail, normaliseEmail, type UserRow } from "../auth/users.ts";
import { UnknownAccountError } from "./grant-role.ts";

export interface DisableUserOptions {
  db: Db;
  email: string;
}

export async function disableUser({ db, email }: DisableUserOptions): Promise<UserRow> {
  const user = await findUserByEmail(db, normaliseEmail(email));
  if (!user) throw new UnknownAccountError(email);
  const now = new Date();
  const [updated] = await db
    .update(schema.users)
    .set({
      disabled: true,
      sessionVersion: sql`${schema.users.sessionVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(schema.users.id, user.id))
    .returning();
  await revokeAllRefreshTokens(db, user.id);
  return updated ?? user;
}
