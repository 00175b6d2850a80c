/**
 * A report's reason as stored in content_reports.reason: the category, then the reporter's own
 * words after ": " when they gave any ("spam", "other: copies my project").
 */
import { REPORT_REASONS, type ReportReason } from "@lumen/contracts";

export function encodeReason(reason: ReportReason, details?: string): string {
  const words = details?.trim();
  return words ? `${reason}: ${words}` : reason;
}

export function decodeReason(stored: string): { reason: ReportReason; details: string | null } {
  const at = stored.indexOf(":");
  const head = at === -1 ? stored : stored.slice(0, at);
  if (!(REPORT_REASONS as readonly string[]).includes(head))
    return { reason: "other", details: stored };
  const details = at === -1 ? "" : stored.slice(at + 1).trim();
  return { reason: head as ReportReason, details: details || null };
}
