/** Re-enables a disabled account (`npm run admin -- enable-user <email>`); it signs in afresh. */
import { type Db, eq, schema } from "@lumen/db";
import { findUserByEmail, normaliseEmail, type UserRow } from "../auth/users.ts";
import { UnknownAccountError } from "./grant-role.ts";

export interface EnableUserOptions {
  db: Db;
  email: string;
}

export async function enableUser({ db, email }: EnableUserOptions): Promise<UserRow> {
  const user = await findUserByEmail(db, normaliseEmail(email));
  if (!user) throw new UnknownAccountError(email);
  const [updated] = await db
    .update(schema.users)
    .set({ disabled: false, updatedAt: new Date() })
    .where(eq(schema.users.id, user.id))
    .returning();
  return updated ?? user;
}
