/**
 * Fuzz samples of the onboarding chat's routes (issue 16), keyed "METHOD /v1/path" as the app
 * lists them; fuzzed with a learner's token.
 */
import type { FuzzSamples } from "./types.ts";

export const ONBOARDING_SAMPLES: FuzzSamples = {
  "GET /v1/me/onboarding": {},
  "POST /v1/me/onboarding/start": { body: () => ({ restart: false }) },
  "POST /v1/me/onboarding/answers": {
    body: () => ({ step: "occupation", choice: "Self-employed" }),
  },
  "POST /v1/me/onboarding/interpret": {
    body: () => ({ step: "occupation", text: "I run a small bakery" }),
  },
  "POST /v1/me/onboarding/complete": {},
  "POST /v1/me/onboarding/skip": {},
};
