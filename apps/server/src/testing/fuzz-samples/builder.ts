/**
 * Fuzz samples of the AI app builder's routes (issue 18), keyed "METHOD /v1/path" as the app lists
 * them. `:id` names no build, machine or instance of the fuzzing learner (404), and the learner's
 * plan has no builder (402 for what needs it); the flows themselves are tested in
 * routes/builder.db.test.ts and e2e/builder.e2e.ts.
 */
import type { FuzzSamples } from "./types.ts";

export const BUILDER_SAMPLES: FuzzSamples = {
  "GET /v1/builds": {},
  "POST /v1/builds": { body: () => ({ template: "blank", title: "Fuzzed" }) },
  "GET /v1/builds/:id": {},
  "PATCH /v1/builds/:id": { body: () => ({ title: "Renamed" }) },
  "DELETE /v1/builds/:id": {},
  "PUT /v1/builds/:id/files": {
    body: () => ({ baseRevision: 1, upserts: [{ path: "src/a.ts", content: "export {};" }] }),
  },
  "POST /v1/builds/:id/turns": { body: () => ({ prompt: "Make a to-do app" }) },
  "POST /v1/builds/:id/turns/:number/undo": {},
  "POST /v1/builds/:id/turns/:number/accept": {},
  "POST /v1/builds/:id/preview": {},
  "POST /v1/builds/:id/publish": { body: () => ({ slug: "my-fuzzed-app" }) },
  "GET /v1/machines": {},
  "GET /v1/machines/:id": {},
  "POST /v1/machines/:id/start": {},
  "POST /v1/machines/:id/stop": {},
  "POST /v1/machines/:id/restart": {},
  "GET /v1/machines/:id/logs": { query: { after: "0" } },
  "POST /v1/machines/:id/logs/ticket": {},
  "GET /v1/instances": {},
  "GET /v1/instances/:id": {},
  "POST /v1/instances/:id/redeploy": {},
  "POST /v1/instances/:id/stop": {},
  "POST /v1/instances/:id/start": {},
  "DELETE /v1/instances/:id": {},
  "GET /v1/admin/builder/agents": {},
};
