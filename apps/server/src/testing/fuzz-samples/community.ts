/**
 * Fuzz samples of the community routes (issue 17), keyed "METHOD /v1/path" as the app lists them.
 * `:postId` is a well-formed id no post has (IDS in the fuzzer), so the post's routes answer 404.
 */
import type { FuzzSamples } from "./types.ts";

export const COMMUNITY_SAMPLES: FuzzSamples = {
  "GET /v1/community/posts": {
    query: { kind: "help", sort: "likes", lessonId: "2010102", unanswered: "1" },
  },
  "GET /v1/community/similar": { query: { lessonId: "2010102", title: "loop help" } },
  "POST /v1/community/posts": {
    body: () => ({
      kind: "help",
      title: "Why does my loop stop?",
      body: "It **stops**.\n\n```js\nfor (;;) {}\n```",
      trackId: 2,
      tutorialId: 201,
      chapterId: 20101,
      lessonId: 2010102,
      files: [{ path: "index.js", content: "console.log(1)" }],
      failingCheck: "Log exactly Hello.",
    }),
  },
  "GET /v1/community/posts/:postId": {},
  "POST /v1/community/posts/:postId/comments": { body: () => ({ body: "Try @Ada's idea." }) },
  "PUT /v1/community/posts/:postId/like": {},
  "DELETE /v1/community/posts/:postId/like": {},
  "PUT /v1/community/posts/:postId/solved": { body: () => ({ solved: true }) },
};
