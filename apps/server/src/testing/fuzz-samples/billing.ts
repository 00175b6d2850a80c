/**
 * Fuzz samples of the payment routes (issue 15), keyed "METHOD /v1/path" as the app lists them.
 * The fuzzer's learner has no plan, so checkouts open (each ending the one before) and the portal
 * answers 409; the webhook's path gets the fuzzer's "1" as its provider, a 404 (the signed-webhook
 * inputs are fuzzed in routes/billing-webhooks.db.test.ts instead).
 */
import { LOCAL_TEST_CARDS } from "@lumen/contracts";
import type { FuzzSamples } from "./types.ts";

export const BILLING_SAMPLES: FuzzSamples = {
  "POST /v1/billing/checkout": {
    body: () => ({
      tier: "tier-0",
      interval: "month",
      flow: "web2app",
      redirectUrl: "/web/streak",
      trackingReferer: "fuzz",
    }),
  },
  "GET /v1/billing/checkout/:id": {},
  "POST /v1/billing/portal": { body: () => ({ returnUrl: "/web/profile" }) },
  "POST /v1/billing/webhooks/:provider": {
    body: () => ({ id: "evt_1", object: "event", type: "invoice.paid", created: 1, data: {} }),
  },
  "GET /v1/billing/local/checkout/:id": {},
  "POST /v1/billing/local/checkout/:id/pay": {
    body: () => ({
      cardNumber: LOCAL_TEST_CARDS.succeeds,
      expiry: "12/30",
      cvc: "123",
      name: "Fuzz",
    }),
  },
  "POST /v1/billing/local/checkout/:id/action": { body: () => ({ approve: true }) },
  "POST /v1/billing/local/portal/cancel": {},
  "POST /v1/billing/local/portal/resume": {},
  "POST /v1/billing/local/portal/change-plan": {
    body: () => ({ tier: "tier-1", interval: "month" }),
  },
  "POST /v1/billing/local/portal/simulate-renewal-failure": {},
};
