/**
 * Fuzz samples of the experiments routes (issue 14), keyed "METHOD /v1/path" as the app lists them:
 * admin routes are fuzzed with an admin's token, the others with a learner's.
 */
import type { FuzzSamples } from "./types.ts";

export const EXPERIMENTS_SAMPLES: FuzzSamples = {
  "GET /v1/experiments": {},
  "POST /v1/experiments/:name/exposures": { body: () => ({ variant: "original" }) },
  "GET /v1/admin/experiments": {},
  "PUT /v1/admin/experiments/:name": {
    body: () => ({ active: true, metricEvent: "finish_lesson" }),
  },
};
