/**
 * The errors area's calls (issue 14): issues, one issue, its status, web vitals, and the server
 * half of "Send a test error". Answers are checked against the shared contracts.
 */
import {
  type ErrorIssueDetail,
  type ErrorIssueList,
  type ErrorIssueStatus,
  type ErrorPlatform,
  errorIssueDetailSchema,
  errorIssueListSchema,
  errorIssueSchema,
  type WebVitalsReport,
  webVitalsReportSchema,
} from "@lumen/contracts";
import { queryOptions } from "@tanstack/react-query";
import * as z from "zod/mini";
import { callApi } from "../../../lib/api-call.ts";
import { apiFetch } from "../../../lib/api-client.ts";

export interface IssueFilter {
  platform?: ErrorPlatform;
  status?: ErrorIssueStatus;
}

function query(filter: IssueFilter): string {
  const params = new URLSearchParams();
  if (filter.platform) params.set("platform", filter.platform);
  if (filter.status) params.set("status", filter.status);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const adminErrorsApi = {
  issues: (filter: IssueFilter): Promise<ErrorIssueList> =>
    callApi(errorIssueListSchema, `/v1/admin/errors${query(filter)}`),
  issue: (issueId: string): Promise<ErrorIssueDetail> =>
    callApi(errorIssueDetailSchema, `/v1/admin/errors/${encodeURIComponent(issueId)}`),
  setStatus: (issueId: string, status: ErrorIssueStatus) =>
    callApi(
      z.object({ issue: errorIssueSchema }),
      `/v1/admin/errors/${encodeURIComponent(issueId)}`,
      {
        method: "PUT",
        body: JSON.stringify({ status }),
      },
    ),
  vitals: (): Promise<WebVitalsReport> => callApi(webVitalsReportSchema, "/v1/admin/errors/vitals"),
  /** Answers 500 on purpose: the server stores that error as an issue. */
  sendServerTestError: async (): Promise<string | null> => {
    const response = await apiFetch("/v1/admin/errors/test", {
      method: "POST",
      body: JSON.stringify({ confirm: "throw" }),
    });
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? null;
  },
};

export const adminErrorsKeys = {
  all: ["admin", "errors-area"] as const,
  issues: (filter: IssueFilter) =>
    [...adminErrorsKeys.all, "issues", filter.platform ?? "", filter.status ?? ""] as const,
  issue: (issueId: string) => [...adminErrorsKeys.all, "issue", issueId] as const,
  vitals: () => [...adminErrorsKeys.all, "vitals"] as const,
};

export const errorIssuesQuery = (filter: IssueFilter) =>
  queryOptions({
    queryKey: adminErrorsKeys.issues(filter),
    queryFn: () => adminErrorsApi.issues(filter),
  });

export const errorIssueQuery = (issueId: string) =>
  queryOptions({
    queryKey: adminErrorsKeys.issue(issueId),
    queryFn: () => adminErrorsApi.issue(issueId),
  });

export const webVitalsQuery = () =>
  queryOptions({ queryKey: adminErrorsKeys.vitals(), queryFn: () => adminErrorsApi.vitals() });
