/** The caller's own shares, newest first (GET /v1/shares/mine), unshared ones included. */
import { type Db, desc, eq, schema } from "@lumen/db";
import type { ShareRow } from "./create-share.ts";

export async function listMyShares(options: { db: Db; userId: string }): Promise<ShareRow[]> {
  return options.db
    .select()
    .from(schema.shares)
    .where(eq(schema.shares.userId, options.userId))
    .orderBy(desc(schema.shares.createdAt))
    .limit(500);
}
