/**
 * Reads one community post as a viewer may see it (issue 17): 404 when it does not exist, 410
 * gone when a moderator hid it, unless the viewer is its author (who sees it marked hidden).
 */
import { POST_GONE_MESSAGE } from "@lumen/contracts";
import { type Db, eq, schema } from "@lumen/db";
import { AppError, errors } from "../../errors.ts";

export type PostRow = typeof schema.communityPosts.$inferSelect;

export async function visiblePost(db: Db, postId: string, viewerId?: string): Promise<PostRow> {
  const [post] = await db
    .select()
    .from(schema.communityPosts)
    .where(eq(schema.communityPosts.id, postId));
  if (!post) throw errors.notFound("This post");
  if (post.hiddenAt && post.authorId !== viewerId) throw new AppError("gone", POST_GONE_MESSAGE);
  return post;
}
