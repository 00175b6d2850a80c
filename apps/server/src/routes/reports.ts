/**
 * Reports of what learners post (issue 17): a share, a community post or a comment.
 * - POST /reports with { targetKind, targetId, reason, details? } → 201 { id, alreadyReported:
 *   false }, or 200 { id, alreadyReported: true } while the reporter's earlier report is open.
 *   Signed in; 404 when the target does not exist; 429 past 20 reports an hour.
 */
import { createReportBodySchema, type ReportAnswer } from "@lumen/contracts";
import { Hono } from "hono";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { createReport } from "../commands/moderation/create-report.ts";
import { limitPerAccount, REPORTS_LIMIT } from "../commands/moderation/limit-per-account.ts";
import { readJson } from "../http/validate.ts";

export const reportsRoutes = new Hono<AuthEnv>().post("/reports", requireUser(), async (c) => {
  const report = await readJson(c, createReportBodySchema);
  const { database, auth } = c.get("deps");
  const reporterId = currentUser(c).id;
  await limitPerAccount(
    auth.rateLimitStore,
    REPORTS_LIMIT,
    reporterId,
    "You sent many reports in a short time. Please wait a little before sending another.",
  );
  const answer: ReportAnswer = await createReport({ db: database.db, reporterId, report });
  return c.json(answer, answer.alreadyReported ? 200 : 201);
});
