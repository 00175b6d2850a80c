/**
 * The analytics area's call (issue 14): GET /v1/admin/analytics for a range and track, checked
 * against the shared contract; a refused call throws the app's ApiError with the server's message.
 */
import { type AdminAnalytics, adminAnalyticsSchema } from "@lumen/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";
import type { AnalyticsSearch } from "./search.ts";

export async function fetchAnalytics(search: AnalyticsSearch): Promise<AdminAnalytics> {
  const params = new URLSearchParams();
  if (search.from) params.set("from", search.from);
  if (search.to) params.set("to", search.to);
  if (search.track) params.set("trackId", String(search.track));
  const text = params.toString();
  let response: Response;
  try {
    response = await apiFetch(`/v1/admin/analytics${text ? `?${text}` : ""}`);
  } catch {
    throw ApiError.unreachable();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ApiError.fromAnswer(response.status, body);
  return adminAnalyticsSchema.parse(body);
}

export const analyticsQuery = (search: AnalyticsSearch) =>
  queryOptions({
    queryKey: ["admin", "analytics", search.from ?? "", search.to ?? "", search.track ?? 0],
    queryFn: () => fetchAnalytics(search),
    placeholderData: keepPreviousData,
  });
