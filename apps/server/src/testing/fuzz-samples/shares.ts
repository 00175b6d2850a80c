/**
 * Fuzz samples of the shares routes (issue 17), keyed "METHOD /v1/path" as the app lists them.
 * `:code` is a well-formed code no share has (IDS in the fuzzer), so reads answer 404.
 */
import type { FuzzSamples } from "./types.ts";

export const SHARES_SAMPLES: FuzzSamples = {
  "POST /v1/shares": {
    body: () => ({
      kind: "lesson",
      trackId: 2,
      tutorialId: 201,
      chapterId: 20101,
      lessonId: 2010102,
    }),
  },
  "GET /v1/shares/mine": {},
  "GET /v1/shares/:code": {},
  "GET /v1/shares/:code/preview.png": {},
  "DELETE /v1/shares/:code": {},
  "POST /v1/shares/:code/duplicate": {},
};
