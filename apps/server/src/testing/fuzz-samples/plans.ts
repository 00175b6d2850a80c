/**
 * Fuzz samples of the plan, credit and subscriptions-console routes (issue 15), keyed "METHOD
 * /v1/path" as the app lists them. `:userId` and `:grantId` are never real ids here, so the fuzzer
 * never grants or revokes anything on the accounts it uses.
 */
import type { FuzzSamples } from "./types.ts";

export const PLANS_SAMPLES: FuzzSamples = {
  "GET /v1/billing/plans": {},
  "GET /v1/me/plan": {},
  "GET /v1/me/credits": { query: { before: "100" } },
  "GET /v1/admin/subscriptions": {
    query: { query: "example", state: "active", cursor: "a@example.com" },
  },
  "GET /v1/admin/users/:userId/billing": {},
  "POST /v1/admin/users/:userId/plan-grants": {
    body: () => ({ tier: "tier-0", reason: "Fuzz", endsAt: "2030-01-01T00:00:00Z" }),
  },
  "POST /v1/admin/users/:userId/plan-grants/:grantId/revoke": {},
  "GET /v1/admin/users/:userId/credits": { query: { before: "100" } },
  "POST /v1/admin/users/:userId/credits": {
    body: () => ({ amount: 5, reason: "Fuzz", idempotencyKey: "fuzz-key-1" }),
  },
};
