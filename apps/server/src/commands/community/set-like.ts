/**
 * Likes or unlikes a post (PUT/DELETE /v1/community/posts/{id}/like, issue 17): idempotent, the
 * post's like count kept in the same transaction; limited per hour like posting. Liking is not
 * posting, so a ban does not stop it.
 */
import { and, type Db, eq, schema, sql } from "@lumen/db";
import type { RateLimitStore } from "../../auth/rate-limit.ts";
import { limitPerAccount } from "../moderation/limit-per-account.ts";
import { COMMUNITY_LIMIT_MESSAGES, COMMUNITY_RATE_LIMITS } from "./limits.ts";
import { visiblePost } from "./visible-post.ts";

const likes = schema.communityLikes;
const posts = schema.communityPosts;

export async function setLike(options: {
  db: Db;
  limits: RateLimitStore;
  userId: string;
  postId: string;
  liked: boolean;
  now: Date;
}): Promise<{ liked: boolean; likeCount: number }> {
  const { db, userId, postId, liked } = options;
  await visiblePost(db, postId, userId);
  await limitPerAccount(
    options.limits,
    COMMUNITY_RATE_LIMITS.likes,
    userId,
    COMMUNITY_LIMIT_MESSAGES.likes,
  );
  return db.transaction(async (tx) => {
    const changed = liked
      ? await tx
          .insert(likes)
          .values({ postId, userId, createdAt: options.now })
          .onConflictDoNothing()
          .returning({ postId: likes.postId })
      : await tx
          .delete(likes)
          .where(and(eq(likes.postId, postId), eq(likes.userId, userId)))
          .returning({ postId: likes.postId });
    const step = changed.length === 0 ? 0 : liked ? 1 : -1;
    const [row] = await tx
      .update(posts)
      .set({ likeCount: sql`greatest(0, ${posts.likeCount} + ${step})` })
      .where(eq(posts.id, postId))
      .returning({ likeCount: posts.likeCount });
    return { liked, likeCount: row?.likeCount ?? 0 };
  });
}
