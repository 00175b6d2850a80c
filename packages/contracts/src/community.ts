/**
 * Issue 17: the community API's request and answer schemas (/v1/community), shared by the server
 * and the web app. Posts are showcase entries (a published share) or help threads (a lesson, the
 * learner's code and the failing check). Every text is Markdown as written, drawn sanitised.
 * - GET    /v1/community/posts?kind=&sort=&lessonId=&unanswered=  → 200 { posts }
 * - GET    /v1/community/similar?lessonId=&title=                  → 200 { posts } (help threads)
 * - POST   /v1/community/posts               (createPostBody)      → 201 { post }
 * - GET    /v1/community/posts/{postId}                            → 200 { post, comments } | 410
 * - POST   /v1/community/posts/{postId}/comments  { body }         → 201 { comment }
 * - PUT    /v1/community/posts/{postId}/like | DELETE …/like       → 200 { liked, likeCount }
 * - PUT    /v1/community/posts/{postId}/solved  { solved }         → 200 { post } (author only)
 * Posting answers 403 posting_banned while a ban stands and 429 (Retry-After) past the limits.
 */
import { z } from "./zod.ts";

export const COMMUNITY_POST_KINDS = ["showcase", "help"] as const;
export type CommunityPostKind = (typeof COMMUNITY_POST_KINDS)[number];

export const COMMUNITY_LIMITS = {
  title: 150,
  body: 10_000,
  comment: 5_000,
  failingCheck: 2_000,
  files: 10,
  filePath: 200,
  fileContent: 20_000,
  lessonTitle: 200,
} as const;

/** Posts on a page of a community list, and how deep a list may be paged. */
export const COMMUNITY_PAGE_SIZE = 20;
export const COMMUNITY_MAX_OFFSET = 10_000;

const int32 = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a positive whole number` })
    .check(z.int(), z.positive(), z.lte(2_147_483_647));

const text = (max: number, min = 0) =>
  z.string().check(z.minLength(min), z.maxLength(max), z.trim());

export const communityFileSchema = z.object({
  path: text(COMMUNITY_LIMITS.filePath, 1),
  content: z.string().check(z.maxLength(COMMUNITY_LIMITS.fileContent)),
});
export type CommunityFile = z.infer<typeof communityFileSchema>;

export const createHelpPostBodySchema = z.object({
  kind: z.literal("help"),
  title: text(COMMUNITY_LIMITS.title, 3),
  body: text(COMMUNITY_LIMITS.body),
  trackId: int32("trackId"),
  tutorialId: int32("tutorialId"),
  chapterId: int32("chapterId"),
  lessonId: int32("lessonId"),
  files: z.array(communityFileSchema).check(z.maxLength(COMMUNITY_LIMITS.files)),
  failingCheck: z.optional(text(COMMUNITY_LIMITS.failingCheck)),
});
export const createShowcasePostBodySchema = z.object({
  kind: z.literal("showcase"),
  title: text(COMMUNITY_LIMITS.title, 3),
  body: text(COMMUNITY_LIMITS.body),
  shareCode: z.string().check(z.regex(/^[0-9A-Za-z]{12}$/, "shareCode: not a share code.")),
});
export const createPostBodySchema = z.discriminatedUnion("kind", [
  createHelpPostBodySchema,
  createShowcasePostBodySchema,
]);
export type CreatePostBody = z.infer<typeof createPostBodySchema>;
export type CreateHelpPostBody = z.infer<typeof createHelpPostBodySchema>;

export const createCommentBodySchema = z.object({ body: text(COMMUNITY_LIMITS.comment, 1) });
export const setSolvedBodySchema = z.object({ solved: z.boolean() });

export const postIdParamsSchema = z.object({
  postId: z.string().check(z.uuid("postId: not a post id.")),
});

export const listPostsQuerySchema = z.object({
  kind: z.optional(z.enum(COMMUNITY_POST_KINDS)),
  sort: z.optional(z.enum(["newest", "likes"])),
  lessonId: z.optional(int32("lessonId")),
  unanswered: z.optional(z.enum(["1", "true"])),
  /** Where the page starts: the `nextOffset` of the page before (0, the first page, if absent). */
  offset: z.optional(
    z.coerce
      .number({ error: "offset must be a whole number from 0 to 10000" })
      .check(z.int(), z.gte(0), z.lte(COMMUNITY_MAX_OFFSET)),
  ),
});
export const similarQuerySchema = z.object({
  lessonId: z.optional(int32("lessonId")),
  title: z.optional(z.string().check(z.maxLength(COMMUNITY_LIMITS.title))),
});

export const postSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(COMMUNITY_POST_KINDS),
  title: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  likeCount: z.number(),
  commentCount: z.number(),
  solved: z.boolean(),
  likedByMe: z.boolean(),
  lessonId: z.nullable(z.number()),
  lessonTitle: z.nullable(z.string()),
  shareCode: z.nullable(z.string()),
  /** Only the author sees their own hidden posts, marked. */
  hidden: z.boolean(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const postSchema = z.extend(postSummarySchema, {
  body: z.string(),
  mine: z.boolean(),
  trackId: z.nullable(z.number()),
  tutorialId: z.nullable(z.number()),
  chapterId: z.nullable(z.number()),
  files: z.array(z.object({ path: z.string(), content: z.string() })),
  failingCheck: z.nullable(z.string()),
});
export type CommunityPost = z.infer<typeof postSchema>;

export const commentSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  mine: z.boolean(),
  hidden: z.boolean(),
});
export type CommunityComment = z.infer<typeof commentSchema>;

export const postListAnswerSchema = z.object({ posts: z.array(postSummarySchema) });
/** A page of a community list; `nextOffset` is null on the last page. */
export const postPageAnswerSchema = z.object({
  posts: z.array(postSummarySchema),
  nextOffset: z.nullable(z.number()),
});
export type PostPageAnswer = z.infer<typeof postPageAnswerSchema>;
export type PostListAnswer = z.infer<typeof postListAnswerSchema>;
export const postAnswerSchema = z.object({ post: postSchema });
export const postThreadAnswerSchema = z.object({
  post: postSchema,
  comments: z.array(commentSchema),
});
export type PostThreadAnswer = z.infer<typeof postThreadAnswerSchema>;
export const commentAnswerSchema = z.object({ comment: commentSchema });
export const likeAnswerSchema = z.object({ liked: z.boolean(), likeCount: z.number() });
export type LikeAnswer = z.infer<typeof likeAnswerSchema>;

export const POST_GONE_MESSAGE = "This post was hidden by a moderator.";
