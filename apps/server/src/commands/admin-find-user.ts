/**
 * What the admin users commands share (issue 14): the account an admin acts on (404 when there is
 * none) and when accounts last visited (POST /v1/user/visits), for the console's lists.
 */
import { type Db, inArray, schema, sql } from "@lumen/db";
import { findUserById, type UserRow } from "../auth/users.ts";
import { errors } from "../errors.ts";

export type AdminUserRow = UserRow & { lastVisitAt: Date | null };

export async function findAdminTarget(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw errors.notFound("This account");
  return user;
}

/** The rows with their last visit, in the same order. */
export async function withLastVisits(db: Db, rows: UserRow[]): Promise<AdminUserRow[]> {
  if (rows.length === 0) return [];
  const visits = await db
    .select({
      userId: schema.userVisits.userId,
      lastAt: sql<Date | string>`max(${schema.userVisits.lastAt})`,
    })
    .from(schema.userVisits)
    .where(
      inArray(
        schema.userVisits.userId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(schema.userVisits.userId);
  const byUser = new Map(visits.map((v) => [v.userId, v.lastAt ? new Date(v.lastAt) : null]));
  return rows.map((row) => ({ ...row, lastVisitAt: byUser.get(row.id) ?? null }));
}
