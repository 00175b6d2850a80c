/**
 * The author unshares (DELETE /v1/shares/{code}): the link then answers 410 saying so. Only the
 * author can; for anyone else the code is as absent as one that never existed. Unsharing twice
 * keeps the first time.
 */
import { and, type Db, eq, schema } from "@lumen/db";
import { errors } from "../../errors.ts";
import { findShare } from "./find-live-share.ts";

export async function unshare(options: {
  db: Db;
  userId: string;
  code: string;
  at: Date;
}): Promise<void> {
  const { db, userId, code, at } = options;
  const row = await findShare(db, code);
  if (!row || row.userId !== userId) throw errors.notFound("This shared code");
  if (row.revokedAt) return;
  await db
    .update(schema.shares)
    .set({ revokedAt: at })
    .where(and(eq(schema.shares.code, code), eq(schema.shares.userId, userId)));
}
