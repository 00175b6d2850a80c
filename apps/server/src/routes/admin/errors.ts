/**
 * Admin API: errors (issue 14). index.ts puts the admin guard (guard.ts) before every route here;
 * paths start with /admin/errors. Issues, one issue's latest events, its status, web vitals per
 * route, and the server half of "Send a test error".
 */
import {
  errorIssueListQuerySchema,
  errorIssueStatusPatchSchema,
  webVitalsQuerySchema,
} from "@lumen/contracts";
import { Hono } from "hono";
import { z } from "zod";
import { type AuthEnv, currentUser } from "../../auth/middleware.ts";
import { listErrorIssues } from "../../commands/list-error-issues.ts";
import { readErrorIssue } from "../../commands/read-error-issue.ts";
import { readWebVitals } from "../../commands/read-web-vitals.ts";
import { setErrorIssueStatus } from "../../commands/set-error-issue-status.ts";
import { throwTestError } from "../../commands/throw-test-error.ts";
import { readJson, readParams, readQuery } from "../../http/validate.ts";

const issueParams = z.object({
  issueId: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, "must be an issue number")
    .transform(Number),
});

const testErrorSchema = z.object({ confirm: z.literal("throw") });

export const adminErrorsRoutes = new Hono<AuthEnv>()
  .get("/admin/errors", async (c) => {
    const query = readQuery(c, errorIssueListQuerySchema);
    return c.json({ issues: await listErrorIssues({ db: c.get("deps").database.db, ...query }) });
  })
  .get("/admin/errors/vitals", async (c) => {
    const { days } = readQuery(c, webVitalsQuerySchema);
    const { database, clock } = c.get("deps");
    return c.json(
      await readWebVitals({ db: database.db, days: days ? Number(days) : 14, now: clock() }),
    );
  })
  // A deliberate 500, so only on an explicit `{ "confirm": "throw" }` (never by a stray request).
  .post("/admin/errors/test", async (c) => {
    await readJson(c, testErrorSchema);
    throwTestError();
  })
  .get("/admin/errors/:issueId", async (c) => {
    const { issueId } = readParams(c, issueParams);
    return c.json(await readErrorIssue({ db: c.get("deps").database.db, issueId }));
  })
  .put("/admin/errors/:issueId", async (c) => {
    const { issueId } = readParams(c, issueParams);
    const { status } = await readJson(c, errorIssueStatusPatchSchema);
    const user = currentUser(c);
    const issue = await setErrorIssueStatus({
      db: c.get("deps").database.db,
      actor: { id: user.id, email: user.email },
      issueId,
      status,
    });
    return c.json({ issue });
  });
