/**
 * Marks a help thread solved or not (PUT /v1/community/posts/{id}/solved, issue 17): its author
 * only (403 for anybody else), help threads only.
 */
import { type Db, eq, schema } from "@lumen/db";
import { AppError, errors } from "../../errors.ts";
import { type PostRow, visiblePost } from "./visible-post.ts";

export async function setSolved(options: {
  db: Db;
  userId: string;
  postId: string;
  solved: boolean;
  now: Date;
}): Promise<PostRow> {
  const { db, userId, postId } = options;
  const post = await visiblePost(db, postId, userId);
  if (post.authorId !== userId) {
    throw new AppError("forbidden", "Only the person who asked can mark a thread solved.");
  }
  if (post.kind !== "help") throw errors.validation("Only help threads can be marked solved.");
  const [row] = await db
    .update(schema.communityPosts)
    .set({ solved: options.solved, updatedAt: options.now })
    .where(eq(schema.communityPosts.id, postId))
    .returning();
  return row ?? post;
}
