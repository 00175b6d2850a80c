/**
 * Fuzz samples of the errors routes (issue 14), keyed "METHOD /v1/path" as the app lists them:
 * admin routes are fuzzed with an admin's token, the others with a learner's. The envelope's
 * body is a real Sentry envelope (three lines of JSON), sent as the tunnel sends it.
 */
import type { FuzzSamples } from "./types.ts";

export const sampleEnvelope = (message = "fuzz sample error") =>
  [
    JSON.stringify({
      event_id: "9ec79c33ec9942ab8353589fcb2e04dc",
      sent_at: "2026-01-01T00:00:00.000Z",
      dsn: "http://lumen@127.0.0.1:3000/1",
    }),
    JSON.stringify({ type: "event" }),
    JSON.stringify({
      event_id: "9ec79c33ec9942ab8353589fcb2e04dc",
      platform: "javascript",
      level: "error",
      release: "lumen@fuzz",
      exception: {
        values: [
          {
            type: "Error",
            value: message,
            stacktrace: {
              frames: [
                {
                  filename: "http://127.0.0.1:3000/assets/index-AbCdEf12.js",
                  function: "a",
                  lineno: 1,
                  colno: 10,
                  in_app: true,
                },
              ],
            },
          },
        ],
      },
      breadcrumbs: [
        { timestamp: 1767225600, category: "navigation", data: { from: "/", to: "/web/home" } },
      ],
      request: { url: "http://127.0.0.1:3000/web/home" },
    }),
  ].join("\n");

export const ERRORS_SAMPLES: FuzzSamples = {
  "GET /v1/admin/errors": { query: { platform: "web", status: "unresolved" } },
  "GET /v1/admin/errors/vitals": { query: { days: "14" } },
  "GET /v1/admin/errors/:issueId": {},
  "PUT /v1/admin/errors/:issueId": { body: () => ({ status: "resolved" }) },
  // Refused (400) on purpose: the route throws its deliberate 500 only on `{ "confirm": "throw" }`.
  "POST /v1/admin/errors/test": { body: () => ({ confirm: "no" }) },
  "POST /v1/monitoring/envelope": { body: () => sampleEnvelope() },
  "POST /v1/monitoring/vitals": {
    body: () => ({ route: "/web/home", name: "LCP", value: 1234.5, rating: "good" }),
  },
};
