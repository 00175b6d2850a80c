/**
 * A checkout's status, polled until its plan is in force (lib/purchase-wait.ts), with how many
 * answers have come back: the screens word their wait by that count, never by a clock. An error
 * (not found, not yours, no connection) stops the polling; the screen offers to check again.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { checkoutStatusQuery } from "../../../lib/queries.ts";
import { nextPollMs, purchasePhase } from "../lib/purchase-wait.ts";

export function useCheckoutStatus(sessionId: string) {
  const queryClient = useQueryClient();
  const options = checkoutStatusQuery(sessionId);
  const status = useQuery({
    ...options,
    refetchInterval: (query) =>
      query.state.status === "error"
        ? false
        : nextPollMs(query.state.data, query.state.dataUpdateCount),
  });
  // Reading dataUpdatedAt re-renders on every answer, even one that did not change.
  void status.dataUpdatedAt;
  const polls = queryClient.getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  return { status, polls, phase: purchasePhase(status.data, polls) };
}
