/**
 * Content to report and moderate in tests (issue 17): a share, a community post and a comment,
 * written straight to the database so that the moderation tests do not depend on the sharing and
 * community APIs.
 */
import { randomBytes } from "node:crypto";
import { type Db, schema } from "@lumen/db";

export async function insertShare(db: Db, userId: string, title = "My share"): Promise<string> {
  const code = randomBytes(6).toString("base64url");
  await db.insert(schema.shares).values({
    code,
    userId,
    kind: "project",
    title,
    runtime: "python",
    entry: "main.py",
    files: [{ path: "main.py", content: "print('hi')" }],
  });
  return code;
}

export async function insertPost(
  db: Db,
  userId: string,
  title = "Help with loops",
): Promise<string> {
  const [post] = await db
    .insert(schema.communityPosts)
    .values({ kind: "help", authorId: userId, title, body: "Why does my **loop** stop?" })
    .returning({ id: schema.communityPosts.id });
  if (!post) throw new Error("no post");
  return post.id;
}

export async function insertComment(db: Db, userId: string, postId: string): Promise<string> {
  const [comment] = await db
    .insert(schema.communityComments)
    .values({ postId, authorId: userId, body: "Try `range(10)`." })
    .returning({ id: schema.communityComments.id });
  if (!comment) throw new Error("no comment");
  return String(comment.id);
}
