/**
 * The admin console's user search (GET /v1/admin/users): a part of the email or the display name,
 * any case, in email order, a page at a time (the cursor is the last email of the page before).
 */
import { ADMIN_USERS_PAGE_SIZE } from "@lumen/contracts";
import { and, asc, type Db, or, schema, sql } from "@lumen/db";
import { type AdminUserRow, withLastVisits } from "./admin-find-user.ts";

export interface AdminSearchUsersOptions {
  db: Db;
  query?: string;
  cursor?: string;
  pageSize?: number;
}

/** `%` and `_` typed by the operator are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function adminSearchUsers({
  db,
  query,
  cursor,
  pageSize = ADMIN_USERS_PAGE_SIZE,
}: AdminSearchUsersOptions): Promise<{ users: AdminUserRow[]; nextCursor: string | null }> {
  const conditions: ReturnType<typeof sql>[] = [];
  const text = query?.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    const match = or(
      sql`${schema.users.email} ilike ${pattern}`,
      sql`${schema.users.displayName} ilike ${pattern}`,
    );
    if (match) conditions.push(match);
  }
  if (cursor) conditions.push(sql`${schema.users.email} > ${cursor}`);
  const rows = await db
    .select()
    .from(schema.users)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(schema.users.email))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const nextCursor = rows.length > pageSize ? (page.at(-1)?.email ?? null) : null;
  return { users: await withLastVisits(db, page), nextCursor };
}
