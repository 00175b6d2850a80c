/**
 * Reads a share for anyone with its link (GET /v1/shares/{code}) and counts the view, except the
 * author's own. Unshared or hidden shares answer 410 (find-live-share.ts).
 */
import type { SharedCode } from "@lumen/contracts";
import { type Db, eq, schema, sql } from "@lumen/db";
import { authorNameOf, findLiveShare } from "./find-live-share.ts";

export interface ReadShareOptions {
  db: Db;
  code: string;
  viewerId?: string;
}

export async function readShare({ db, code, viewerId }: ReadShareOptions): Promise<SharedCode> {
  const row = await findLiveShare(db, code);
  let views = row.views;
  if (viewerId !== row.userId) {
    const [counted] = await db
      .update(schema.shares)
      .set({ views: sql`${schema.shares.views} + 1` })
      .where(eq(schema.shares.code, code))
      .returning({ views: schema.shares.views });
    views = counted?.views ?? views + 1;
  }
  return {
    code: row.code,
    kind: row.kind === "lesson" ? "lesson" : "project",
    title: row.title,
    runtime: row.runtime,
    entry: row.entry,
    files: row.files,
    authorName: await authorNameOf(db, row.userId),
    createdAt: row.createdAt.toISOString(),
    views,
  };
}
