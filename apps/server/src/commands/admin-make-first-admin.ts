/**
 * `npm run admin -- make-first-admin <email>`: the way a fresh installation gets its first
 * administrator. It grants `admin` only while no account has it, so that once there is an admin
 * the role is given in the console (or with grant-role, deliberately) and never by this shortcut.
 * Never run automatically. Recorded in the audit log with no actor (the command line).
 */
import { ADMIN_ROLE } from "@lumen/contracts";
import { type Db, eq, schema, sql } from "@lumen/db";
import { findUserByEmail, normaliseEmail, type UserRow } from "../auth/users.ts";
import { recordAudit } from "../operations/audit-log.ts";
import { UnknownAccountError } from "./grant-role.ts";

export class AdminAlreadyExistsError extends Error {
  constructor(emails: string[]) {
    super(
      `An administrator already exists (${emails.join(", ")}), so make-first-admin does nothing. ` +
        "An administrator can grant the role in the admin console (/admin/users), or an operator " +
        "with `npm run admin -- grant-role <email> admin`.",
    );
    this.name = "AdminAlreadyExistsError";
  }
}

export interface MakeFirstAdminOptions {
  db: Db;
  email: string;
  /** Who ran the command (the shell's user), kept in the audit entry's detail. */
  operator: string;
}

export async function makeFirstAdmin({
  db,
  email,
  operator,
}: MakeFirstAdminOptions): Promise<UserRow> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const admins = await tx
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(sql`${schema.users.roles} @> ${JSON.stringify([ADMIN_ROLE])}::jsonb`)
      .limit(3);
    if (admins.length > 0) throw new AdminAlreadyExistsError(admins.map((a) => a.email));
    const user = await findUserByEmail(tx, normaliseEmail(email));
    if (!user) throw new UnknownAccountError(email);
    const [updated] = await tx
      .update(schema.users)
      .set({ roles: [...user.roles, ADMIN_ROLE], updatedAt: new Date() })
      .where(eq(schema.users.id, user.id))
      .returning();
    await recordAudit(tx, {
      actor: null,
      action: "user.role.grant",
      target: { id: user.id, email: user.email },
      detail: { role: ADMIN_ROLE, via: "make-first-admin", operator },
    });
    return updated ?? user;
  });
}
