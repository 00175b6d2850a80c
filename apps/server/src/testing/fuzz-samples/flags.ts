/**
 * Fuzz samples of the flags routes (issue 14), keyed "METHOD /v1/path" as the app lists them:
 * admin routes are fuzzed with an admin's token, the others with a learner's.
 */
import type { FuzzSamples } from "./types.ts";

export const FLAGS_SAMPLES: FuzzSamples = {
  "GET /v1/flags": {},
  "GET /v1/admin/flags": {},
  "PUT /v1/admin/flags/:flag": {
    body: () => ({
      everyone: false,
      roles: ["course_engineer"],
      users: [],
      percentage: 10,
      startsAt: "2026-01-01T00:00:00.000Z",
      value: "gpt-4o-mini",
    }),
  },
};
