/** Adds a role to an account's claims (`npm run admin -- grant-role <email> <role>`). */
import { type Db, eq, schema } from "@lumen/db";
import { findUserByEmail, normaliseEmail, type UserRow } from "../auth/users.ts";

export { ROLES as KNOWN_ROLES } from "@lumen/contracts";

export interface GrantRoleOptions {
  db: Db;
  email: string;
  role: string;
}

export class UnknownAccountError extends Error {
  constructor(email: string) {
    super(`No account has the email ${email}.`);
    this.name = "UnknownAccountError";
  }
}

export async function grantRole({ db, email, role }: GrantRoleOptions): Promise<UserRow> {
  const user = await findUserByEmail(db, normaliseEmail(email));
  if (!user) throw new UnknownAccountError(email);
  if (user.roles.includes(role)) return user;
  const [updated] = await db
    .update(schema.users)
    .set({ roles: [...user.roles, role], updatedAt: new Date() })
    .where(eq(schema.users.id, user.id))
    .returning();
  return updated ?? user;
}
