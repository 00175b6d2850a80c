/**
 * Fuzz samples of the analytics routes (issue 14), keyed "METHOD /v1/path" as the app lists them:
 * admin routes are fuzzed with an admin's token, the others with a learner's.
 */
import type { FuzzSamples } from "./types.ts";

export const ANALYTICS_SAMPLES: FuzzSamples = {
  "GET /v1/admin/analytics": { query: { from: "2026-01-01", to: "2026-01-28", trackId: "1" } },
};
