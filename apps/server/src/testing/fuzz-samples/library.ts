/**
 * Fuzz samples of the library routes (issue 17), keyed "METHOD /v1/path" as the app lists them:
 * the browse view and the search, with every filter set.
 */
import type { FuzzSamples } from "./types.ts";

export const LIBRARY_SAMPLES: FuzzSamples = {
  "GET /v1/library": { query: { language: "javascript", level: "beginner" } },
  "GET /v1/library/search": {
    query: { q: "log hello", language: "javascript", level: "beginner" },
  },
};
