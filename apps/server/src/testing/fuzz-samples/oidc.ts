/**
 * Fuzz samples of the hosted sign-in routes (issue 19), keyed "METHOD /v1/path" as the app lists
 * them. The fuzzer's server has no provider configured, so `:provider` names none; the flows
 * themselves are tested against a real OpenID Connect server (routes/oidc-*.db.test.ts).
 */
import type { FuzzSamples } from "./types.ts";

export const OIDC_SAMPLES: FuzzSamples = {
  "GET /v1/auth/oidc/:provider/start": { query: { redirectUrl: "/web/profile" } },
  "POST /v1/auth/oidc/:provider/link": { body: () => ({ redirectUrl: "/web/profile" }) },
  "GET /v1/auth/oidc/:provider/callback": { query: { code: "abc", state: "def" } },
  "POST /v1/auth/oidc/session": { body: () => ({ code: "a-handoff-code-that-names-nothing" }) },
  "GET /v1/me/identities": {},
  "DELETE /v1/me/identities/:provider": {},
};
