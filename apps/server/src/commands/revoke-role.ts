/** Removes a role from an account's claims (`npm run admin -- revoke-role <email> <role>`). */
import { type Db, eq, schema } from "@lumen/db";
import { findUserByEmail, normaliseEmail, type UserRow } from "../auth/users.ts";
import { UnknownAccountError } from "./grant-role.ts";

export interface RevokeRoleOptions {
  db: Db;
  email: string;
  role: string;
}

export async function revokeRole({ db, email, role }: RevokeRoleOptions): Promise<UserRow> {
  const user = await findUserByEmail(db, normaliseEmail(email));
  if (!user) throw new UnknownAccountError(email);
  const [updated] = await db
    .update(schema.users)
    .set({ roles: user.roles.filter((r) => r !== role), updatedAt: new Date() })
    .where(eq(schema.users.id, user.id))
    .returning();
  return updated ?? user;
}
