/**
 * The experiments API client (issue 14): the caller's variants (GET /v1/experiments) and the
 * exposure of a variant when it is first shown (POST /v1/experiments/:name/exposures).
 */
import {
  type ExperimentAssignments,
  experimentAssignmentsSchema,
  VISITOR_ID_HEADER,
} from "@lumen/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api-client.ts";
import { experimentVisitorId } from "./visitor-id.ts";

export const experimentKeys = {
  all: ["experiments"] as const,
  /** Per subject: signing in or out asks again. */
  assignments: (userId: string | null) => [...experimentKeys.all, userId ?? "visitor"] as const,
};

async function fetchAssignments(): Promise<ExperimentAssignments> {
  const response = await apiFetch("/v1/experiments", {
    headers: { [VISITOR_ID_HEADER]: experimentVisitorId() },
  });
  if (!response.ok) throw new Error(`Could not load experiments (${response.status}).`);
  return experimentAssignmentsSchema.parse(await response.json());
}

/**
 * A subject's variants do not change while the page is open (except when an admin switches a
 * manual experiment, which the next page load shows); a failure falls back to the original at
 * once rather than retrying while the page waits.
 */
export const assignmentsQuery = (userId: string | null) =>
  queryOptions({
    queryKey: experimentKeys.assignments(userId),
    queryFn: fetchAssignments,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export async function postExposure(name: string, variant: string): Promise<void> {
  await apiFetch(`/v1/experiments/${encodeURIComponent(name)}/exposures`, {
    method: "POST",
    headers: { [VISITOR_ID_HEADER]: experimentVisitorId() },
    body: JSON.stringify({ variant }),
  });
}
