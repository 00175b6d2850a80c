/**
 * Replies to a post (POST /v1/community/posts/{id}/comments, issue 17): banned learners are
 * refused first, then the hourly limit; the post's comment count and activity move on, and the
 * people the reply mentions get a mail (notify-mentions.ts).
 */
import { type Db, eq, schema, sql } from "@lumen/db";
import type { RateLimitStore } from "../../auth/rate-limit.ts";
import { errors } from "../../errors.ts";
import { assertMayPost } from "../moderation/assert-may-post.ts";
import { limitPerAccount } from "../moderation/limit-per-account.ts";
import { COMMUNITY_LIMIT_MESSAGES, COMMUNITY_RATE_LIMITS } from "./limits.ts";
import { type PostRow, visiblePost } from "./visible-post.ts";

export type CommentRow = typeof schema.communityComments.$inferSelect;

export async function addComment(options: {
  db: Db;
  limits: RateLimitStore;
  userId: string;
  postId: string;
  body: string;
  now: Date;
}): Promise<{ post: PostRow; comment: CommentRow }> {
  const { db, userId, postId, now } = options;
  await assertMayPost(db, userId, now);
  const post = await visiblePost(db, postId, userId);
  if (post.hiddenAt) throw errors.validation("A moderator hid this post: it takes no replies.");
  await limitPerAccount(
    options.limits,
    COMMUNITY_RATE_LIMITS.comments,
    userId,
    COMMUNITY_LIMIT_MESSAGES.comments,
  );
  const comment = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.communityComments)
      .values({ postId, authorId: userId, body: options.body, createdAt: now })
      .returning();
    await tx
      .update(schema.communityPosts)
      .set({ commentCount: sql`${schema.communityPosts.commentCount} + 1`, lastActivityAt: now })
      .where(eq(schema.communityPosts.id, postId));
    return row;
  });
  if (!comment) throw errors.unavailable("Replying");
  return { post, comment };
}
