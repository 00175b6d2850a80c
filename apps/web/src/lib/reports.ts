/**
 * Reporting a share, a community post or a comment (issue 17): POST /v1/reports. Any feature
 * may use it (ui/report-dialog.tsx does). A refused call throws the app's ApiError: 401 when
 * signed out, 404 when the content is gone, 429 after many reports.
 */
import { type CreateReportBody, type ReportAnswer, reportAnswerSchema } from "@lumen/contracts";
import { apiFetch } from "./api-client.ts";
import { ApiError } from "./api-error.ts";

export async function reportContent(report: CreateReportBody): Promise<ReportAnswer> {
  let response: Response;
  try {
    response = await apiFetch("/v1/reports", { method: "POST", body: JSON.stringify(report) });
  } catch {
    throw ApiError.unreachable();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ApiError.fromAnswer(response.status, body);
  return reportAnswerSchema.parse(body);
}

/** What the report dialog says when a report could not be sent. */
export function reportErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return "Something went wrong. Please try again.";
  if (error.status === 401) return "Sign in to report content.";
  if (error.code === "not_found") return "This content no longer exists.";
  if (error.code === "rate_limited") return error.message;
  if (error.code === "auth/network-request-failed")
    return "You seem to be offline. Please try again when you are back online.";
  return error.message;
}
