/**
 * The experiments area's calls (issue 14): the list with each variant's results, and an
 * operator's change (the manual switch, the metric). Answers are checked against the contract;
 * a refused call throws the app's ApiError with the server's message.
 */
import {
  type AdminExperimentList,
  type AdminExperimentUpdate,
  adminExperimentListSchema,
} from "@lumen/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch {
    throw ApiError.unreachable();
  }
  if (!response.ok) {
    throw ApiError.fromAnswer(response.status, await response.json().catch(() => null));
  }
  return response;
}

export const adminExperimentsApi = {
  list: async (): Promise<AdminExperimentList> =>
    adminExperimentListSchema.parse(await (await send("/v1/admin/experiments")).json()),
  update: async (name: string, change: AdminExperimentUpdate): Promise<void> => {
    await send(`/v1/admin/experiments/${encodeURIComponent(name)}`, {
      method: "PUT",
      body: JSON.stringify(change),
    });
  },
};

export const adminExperimentsQuery = () =>
  queryOptions({
    queryKey: ["admin", "experiments"] as const,
    queryFn: adminExperimentsApi.list,
    // Exposures arrive all the time: each visit to the page reads them afresh.
    staleTime: 0,
  });
