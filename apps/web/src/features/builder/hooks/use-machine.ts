/**
 * One machine on screen (issue 18): its status read again every few seconds while the tab is in
 * view (TanStack Query pauses the interval in the background), faster while it changes state,
 * and the start, stop and restart actions, whose answer replaces the cached status.
 */
import type { MachineView } from "@lumen/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { builderApi, builderKeys } from "../api/builder-client.ts";

export type MachineAction = "start" | "stop" | "restart";

/** Seconds between reads: quicker while the machine is between states. */
export function machineRefreshMs(machine: MachineView | undefined): number {
  return machine?.state === "starting" || machine?.state === "stopping" ? 1_500 : 4_000;
}

export function useMachine(machineId: string) {
  return useQuery({
    queryKey: builderKeys.machine(machineId),
    queryFn: () => builderApi.machine(machineId),
    refetchInterval: (query) => machineRefreshMs(query.state.data),
    // A 404 (not the learner's, or gone) will not change by asking again.
    retry: (count, error) => count < 2 && !("status" in error && error.status === 404),
  });
}

export function useMachineAction(machineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MachineAction) => builderApi.machineAction(machineId, action),
    onSuccess: (machine) => {
      queryClient.setQueryData(builderKeys.machine(machineId), machine);
      void queryClient.invalidateQueries({ queryKey: builderKeys.machines, exact: true });
    },
  });
}
