/**
 * Whether a learner may post in the community (issue 17): not while an admin's ban stands. A ban
 * with an end stops counting once that moment passes. Call it first in every command that posts
 * (posts, comments, publishing to the showcase); it throws 403 posting_banned.
 */
import { type Db, eq, schema } from "@lumen/db";
import { AppError } from "../../errors.ts";

export async function activeBan(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ reason: string; until: Date | null } | undefined> {
  const [ban] = await db
    .select({ reason: schema.communityBans.reason, until: schema.communityBans.until })
    .from(schema.communityBans)
    .where(eq(schema.communityBans.userId, userId));
  if (!ban || (ban.until && ban.until <= now)) return undefined;
  return ban;
}

export async function assertMayPost(db: Db, userId: string, now = new Date()): Promise<void> {
  const ban = await activeBan(db, userId, now);
  if (!ban) return;
  const until = ban.until ? ` until ${ban.until.toISOString().slice(0, 10)}` : "";
  throw new AppError(
    "posting_banned",
    `A moderator stopped you from posting in the community${until}. Reason: ${ban.reason}`,
  );
}
