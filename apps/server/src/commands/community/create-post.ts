/**
 * Starts a community post (POST /v1/community/posts, issue 17): a help thread about a lesson (the
 * lesson must exist; its title is taken from the catalog, not from the request) or a showcase
 * entry for one of the learner's own live shares. Banned learners are refused first (403
 * posting_banned), then the hourly limit applies (429).
 */
import type { CreatePostBody } from "@lumen/contracts";
import { and, type Db, eq, isNull, schema } from "@lumen/db";
import type { RateLimitStore } from "../../auth/rate-limit.ts";
import type { CatalogStore } from "../../catalog/catalog-store.ts";
import { errors } from "../../errors.ts";
import { chapterIn } from "../find-chapter.ts";
import { assertMayPost } from "../moderation/assert-may-post.ts";
import { limitPerAccount } from "../moderation/limit-per-account.ts";
import { COMMUNITY_LIMIT_MESSAGES, COMMUNITY_RATE_LIMITS } from "./limits.ts";
import type { PostRow } from "./visible-post.ts";

export async function createPost(options: {
  db: Db;
  catalog: CatalogStore;
  limits: RateLimitStore;
  userId: string;
  body: CreatePostBody;
  now: Date;
}): Promise<PostRow> {
  const { db, userId, body, now } = options;
  await assertMayPost(db, userId, now);
  await limitPerAccount(
    options.limits,
    COMMUNITY_RATE_LIMITS.posts,
    userId,
    COMMUNITY_LIMIT_MESSAGES.posts,
  );
  const common = { authorId: userId, title: body.title, body: body.body, createdAt: now };
  let values: typeof schema.communityPosts.$inferInsert;
  if (body.kind === "help") {
    const track = await options.catalog.track(body.trackId);
    const { chapter } = chapterIn(track, body);
    const lesson = chapter.lessons.find((l) => l.id === body.lessonId);
    if (!lesson) throw errors.notFound(`Lesson ${body.lessonId} in chapter ${body.chapterId}`);
    values = {
      ...common,
      kind: "help",
      trackId: body.trackId,
      tutorialId: body.tutorialId,
      chapterId: body.chapterId,
      lessonId: lesson.id,
      lessonTitle: lesson.title,
      files: body.files,
      failingCheck: body.failingCheck || null,
    };
  } else {
    const [share] = await db
      .select({ code: schema.shares.code })
      .from(schema.shares)
      .where(
        and(
          eq(schema.shares.code, body.shareCode),
          eq(schema.shares.userId, userId),
          isNull(schema.shares.revokedAt),
          isNull(schema.shares.hiddenAt),
        ),
      );
    if (!share) throw errors.notFound("A live share of yours with this code");
    values = { ...common, kind: "showcase", shareCode: share.code };
  }
  const [row] = await db
    .insert(schema.communityPosts)
    .values({ ...values, updatedAt: now, lastActivityAt: now })
    .returning();
  if (!row) throw errors.unavailable("Posting");
  return row;
}
