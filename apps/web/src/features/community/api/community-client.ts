/**
 * The community calls (issue 17, /v1/community): lists, similar threads, a thread, posting,
 * replying, likes and "solved", plus the learner's own shares for publishing to the showcase.
 * Each answer is checked against the shared contract; a refusal throws the app's ApiError
 * (posting_banned, rate_limited… are its codes).
 */
import {
  type CommunityComment,
  type CommunityPost,
  type CreatePostBody,
  commentAnswerSchema,
  type LikeAnswer,
  likeAnswerSchema,
  type MyShare,
  myShareListSchema,
  type PostListAnswer,
  type PostPageAnswer,
  type PostThreadAnswer,
  postAnswerSchema,
  postListAnswerSchema,
  postPageAnswerSchema,
  postThreadAnswerSchema,
} from "@lumen/contracts";
import { callApi } from "../../../lib/api-call.ts";

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  body: body === undefined ? undefined : JSON.stringify(body),
});

export interface PostFilters {
  kind: "showcase" | "help";
  sort?: "newest" | "likes";
  lessonId?: number;
  unanswered?: boolean;
}

function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

const post = (id: string) => `/v1/community/posts/${encodeURIComponent(id)}`;

export const communityKeys = {
  all: ["community"] as const,
  list: (filters: PostFilters) => ["community", "list", filters] as const,
  thread: (id: string) => ["community", "thread", id] as const,
  similar: (lessonId?: number, title?: string) =>
    ["community", "similar", lessonId, title] as const,
};

export const communityApi = {
  /** One page of a list, from `offset` (the page before's `nextOffset`). */
  list: (filters: PostFilters, offset = 0): Promise<PostPageAnswer> =>
    callApi(
      postPageAnswerSchema,
      `/v1/community/posts${query({
        kind: filters.kind,
        sort: filters.sort,
        lessonId: filters.lessonId,
        unanswered: filters.unanswered ? "1" : undefined,
        offset: offset || undefined,
      })}`,
    ),
  similar: (lessonId?: number, title?: string): Promise<PostListAnswer> =>
    callApi(postListAnswerSchema, `/v1/community/similar${query({ lessonId, title })}`),
  thread: (id: string): Promise<PostThreadAnswer> => callApi(postThreadAnswerSchema, post(id)),
  create: async (body: CreatePostBody): Promise<CommunityPost> =>
    (await callApi(postAnswerSchema, "/v1/community/posts", json("POST", body))).post,
  reply: async (id: string, body: string): Promise<CommunityComment> =>
    (await callApi(commentAnswerSchema, `${post(id)}/comments`, json("POST", { body }))).comment,
  like: (id: string, liked: boolean): Promise<LikeAnswer> =>
    callApi(likeAnswerSchema, `${post(id)}/like`, json(liked ? "PUT" : "DELETE")),
  setSolved: async (id: string, solved: boolean): Promise<CommunityPost> =>
    (await callApi(postAnswerSchema, `${post(id)}/solved`, json("PUT", { solved }))).post,
  myShares: async (): Promise<MyShare[]> =>
    (await callApi(myShareListSchema, "/v1/shares/mine")).shares,
};
