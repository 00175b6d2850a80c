/**
 * One post with its comments (GET /v1/community/posts/{id}, issue 17). Hidden comments are left
 * out, except the viewer's own, which come marked so the page can say a moderator hid them.
 */
import { and, asc, type Db, eq, isNull, or, schema, sql } from "@lumen/db";
import { type PostRow, visiblePost } from "./visible-post.ts";

const comments = schema.communityComments;

export interface ThreadRows {
  post: PostRow & { authorName: string | null; likedByMe: boolean };
  comments: Array<typeof comments.$inferSelect & { authorName: string | null }>;
}

export async function readThread(options: {
  db: Db;
  postId: string;
  viewerId?: string;
}): Promise<ThreadRows> {
  const { db, postId, viewerId } = options;
  const post = await visiblePost(db, postId, viewerId);
  const [author] = await db
    .select({ name: schema.users.displayName })
    .from(schema.users)
    .where(eq(schema.users.id, post.authorId));
  const liked = viewerId
    ? await db
        .select({ n: sql<number>`1` })
        .from(schema.communityLikes)
        .where(
          and(eq(schema.communityLikes.postId, postId), eq(schema.communityLikes.userId, viewerId)),
        )
    : [];
  const seen = viewerId
    ? or(isNull(comments.hiddenAt), eq(comments.authorId, viewerId))
    : isNull(comments.hiddenAt);
  const rows = await db
    .select({ comment: comments, authorName: schema.users.displayName })
    .from(comments)
    .innerJoin(schema.users, eq(schema.users.id, comments.authorId))
    .where(and(eq(comments.postId, postId), seen))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(500);
  return {
    post: { ...post, authorName: author?.name ?? null, likedByMe: liked.length > 0 },
    comments: rows.map((r) => ({ ...r.comment, authorName: r.authorName })),
  };
}
