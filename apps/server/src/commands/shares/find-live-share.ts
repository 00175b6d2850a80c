/**
 * A share as a visitor may see it: 404 when the code never existed, 410 `gone` when its author
 * unshared it or a moderator hid it, each with the sentence the shared page shows.
 */
import { SHARE_GONE_MESSAGES } from "@lumen/contracts";
import { type Db, eq, schema } from "@lumen/db";
import { AppError, errors } from "../../errors.ts";
import type { ShareRow } from "./create-share.ts";

export async function findShare(db: Db, code: string): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(schema.shares).where(eq(schema.shares.code, code));
  return row;
}

export async function findLiveShare(db: Db, code: string): Promise<ShareRow> {
  const row = await findShare(db, code);
  if (!row) throw errors.notFound("This shared code");
  if (row.hiddenAt) throw new AppError("gone", SHARE_GONE_MESSAGES.hidden);
  if (row.revokedAt) throw new AppError("gone", SHARE_GONE_MESSAGES.revoked);
  return row;
}

/** The name a share is signed with: the author's display name, never their email. */
export async function authorNameOf(db: Db, userId: string): Promise<string> {
  const [user] = await db
    .select({ displayName: schema.users.displayName })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  const name = user?.displayName?.trim();
  return name ? name : "A learner";
}
