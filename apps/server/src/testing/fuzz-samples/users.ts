/**
 * Fuzz samples of the users routes (issue 14), keyed "METHOD /v1/path" as the app lists them:
 * admin routes are fuzzed with an admin's token, the others with a learner's. `:userId` is never
 * a real account's id here, so the fuzzer never disables or signs out the accounts it uses.
 */
import type { FuzzSamples } from "./types.ts";

export const USERS_SAMPLES: FuzzSamples = {
  "GET /v1/admin/users": { query: { query: "example", cursor: "a@example.com" } },
  "GET /v1/admin/users/:userId": {},
  "PUT /v1/admin/users/:userId/roles": { body: () => ({ roles: ["course_engineer"] }) },
  "POST /v1/admin/users/:userId/disable": {},
  "POST /v1/admin/users/:userId/enable": {},
  "POST /v1/admin/users/:userId/sign-out": {},
  "POST /v1/admin/users/:userId/impersonate": {},
  "GET /v1/admin/audit": {
    query: {
      cursor: "100",
      action: "user.disable",
      userId: "00000000-0000-4000-8000-000000000000",
    },
  },
};
