/**
 * The community (issue 17) under /v1/community: the showcase, help threads, replies, likes and
 * "solved". Reading is public (hidden posts only to their author); posting needs a signed-in
 * learner who is not banned, within the hourly limits. Schemas and the list of calls:
 * packages/contracts/src/community.ts. Reports are routes/reports.ts (the moderation helper).
 */
import {
  createCommentBodySchema,
  createPostBodySchema,
  listPostsQuerySchema,
  postIdParamsSchema,
  setSolvedBodySchema,
  similarQuerySchema,
} from "@lumen/contracts";
import { type Context, Hono } from "hono";
import { publicOrigin } from "../auth/client-ip.ts";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { addComment } from "../commands/community/add-comment.ts";
import { createPost } from "../commands/community/create-post.ts";
import { listPosts, similarThreads } from "../commands/community/list-posts.ts";
import { notifyMentions } from "../commands/community/notify-mentions.ts";
import { readThread } from "../commands/community/read-thread.ts";
import { setLike } from "../commands/community/set-like.ts";
import { setSolved } from "../commands/community/set-solved.ts";
import { readJson, readParams, readQuery } from "../http/validate.ts";
import { presentComment, presentPost, presentPostSummary } from "../presenters/community.ts";

const POSTS = "/community/posts";

/** Lists change with every like and reply, and carry the viewer's own likes: never cached. */
const noStore = (c: Context<AuthEnv>) => c.header("Cache-Control", "private, no-store");

async function like(c: Context<AuthEnv>, liked: boolean) {
  const { postId } = readParams(c, postIdParamsSchema);
  const { database, auth, clock } = c.get("deps");
  const answer = await setLike({
    db: database.db,
    limits: auth.rateLimitStore,
    userId: currentUser(c).id,
    postId,
    liked,
    now: clock(),
  });
  return c.json(answer);
}

export const communityRoutes = new Hono<AuthEnv>()
  .get(POSTS, async (c) => {
    const query = readQuery(c, listPostsQuerySchema);
    const viewerId = c.get("user")?.id;
    const page = await listPosts({
      db: c.get("deps").database.db,
      viewerId,
      kind: query.kind,
      sort: query.sort,
      lessonId: query.lessonId,
      unanswered: query.unanswered !== undefined,
      offset: query.offset,
    });
    noStore(c);
    return c.json({ posts: page.rows.map(presentPostSummary), nextOffset: page.nextOffset });
  })
  .get("/community/similar", async (c) => {
    const query = readQuery(c, similarQuerySchema);
    const rows = await similarThreads({
      db: c.get("deps").database.db,
      viewerId: c.get("user")?.id,
      ...query,
    });
    noStore(c);
    return c.json({ posts: rows.map(presentPostSummary) });
  })
  .post(POSTS, requireUser(), async (c) => {
    const body = await readJson(c, createPostBodySchema);
    const { database, catalog, auth, clock } = c.get("deps");
    const userId = currentUser(c).id;
    const row = await createPost({
      db: database.db,
      catalog,
      limits: auth.rateLimitStore,
      userId,
      body,
      now: clock(),
    });
    const post = { ...row, authorName: currentUser(c).displayName, likedByMe: false };
    return c.json({ post: presentPost(post, userId) }, 201);
  })
  .get(`${POSTS}/:postId`, async (c) => {
    const { postId } = readParams(c, postIdParamsSchema);
    const viewerId = c.get("user")?.id;
    const thread = await readThread({ db: c.get("deps").database.db, postId, viewerId });
    noStore(c);
    return c.json({
      post: presentPost(thread.post, viewerId),
      comments: thread.comments.map((row) => presentComment(row, viewerId)),
    });
  })
  .post(`${POSTS}/:postId/comments`, requireUser(), async (c) => {
    const { postId } = readParams(c, postIdParamsSchema);
    const { body } = await readJson(c, createCommentBodySchema);
    const { database, auth, clock, env } = c.get("deps");
    const user = currentUser(c);
    const { post, comment } = await addComment({
      db: database.db,
      limits: auth.rateLimitStore,
      userId: user.id,
      postId,
      body,
      now: clock(),
    });
    await notifyMentions({
      db: database.db,
      mailer: auth.mailer,
      logger: c.get("log"),
      post,
      writerId: user.id,
      text: body,
      origin: publicOrigin(c),
      productName: env.PRODUCT_NAME,
    });
    const row = { ...comment, authorName: user.displayName };
    return c.json({ comment: presentComment(row, user.id) }, 201);
  })
  .put(`${POSTS}/:postId/like`, requireUser(), (c) => like(c, true))
  .delete(`${POSTS}/:postId/like`, requireUser(), (c) => like(c, false))
  .put(`${POSTS}/:postId/solved`, requireUser(), async (c) => {
    const { postId } = readParams(c, postIdParamsSchema);
    const { solved } = await readJson(c, setSolvedBodySchema);
    const { database, clock } = c.get("deps");
    const userId = currentUser(c).id;
    const row = await setSolved({ db: database.db, userId, postId, solved, now: clock() });
    const thread = await readThread({ db: database.db, postId: row.id, viewerId: userId });
    return c.json({ post: presentPost(thread.post, userId) });
  });
