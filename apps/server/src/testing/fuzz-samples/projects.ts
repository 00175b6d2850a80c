/**
 * Fuzz samples of the freeform projects routes (issue 17), keyed "METHOD /v1/path" as the app lists
 * them. `:projectId` is never one of the fuzzing learner's projects, so saves answer 404.
 */
import type { FuzzSamples } from "./types.ts";

export const PROJECTS_SAMPLES: FuzzSamples = {
  "GET /v1/projects": {},
  "POST /v1/projects": { body: () => ({ name: "Fuzz project", template: "python" }) },
  "GET /v1/projects/:projectId": {},
  "PATCH /v1/projects/:projectId": { body: () => ({ name: "Renamed" }) },
  "DELETE /v1/projects/:projectId": {},
  "PUT /v1/projects/:projectId/files": {
    body: () => ({
      baseRevision: 1,
      upserts: [{ path: "main.py", content: "print(1)" }],
      deletes: ["old.py"],
      renames: [{ from: "a.py", to: "b.py" }],
    }),
  },
};
