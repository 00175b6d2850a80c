/**
 * The learner's published apps (issue 18): the list, one instance (read again every few seconds
 * while in view, as its machine starts and its requests count), and redeploy, stop, start and
 * delete, each keeping the cached list and instance in step with the server's answer.
 */
import type { Instance } from "@lumen/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { builderApi, builderKeys } from "../api/builder-client.ts";

export type InstanceAction = "redeploy" | "stop" | "start";

export function useInstances() {
  return useQuery({
    queryKey: builderKeys.instances,
    queryFn: builderApi.instances,
    refetchInterval: 10_000,
  });
}

const busy = (instance: Instance | undefined) =>
  instance?.machine?.state === "starting" || instance?.machine?.state === "stopping";

/** One instance; `enabled` false stops reading it (while and after it is deleted). */
export function useInstance(instanceId: string, enabled = true) {
  return useQuery({
    queryKey: builderKeys.instance(instanceId),
    queryFn: () => builderApi.instance(instanceId),
    enabled,
    refetchInterval: (query) => (busy(query.state.data) ? 1_500 : 5_000),
    retry: (count, error) => count < 2 && !("status" in error && error.status === 404),
  });
}

export function useInstanceAction(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: InstanceAction) => builderApi.instanceAction(instanceId, action),
    onSuccess: (instance) => {
      queryClient.setQueryData(builderKeys.instance(instanceId), instance);
      void queryClient.invalidateQueries({ queryKey: builderKeys.instances, exact: true });
    },
  });
}

export function useDeleteInstance(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => builderApi.removeInstance(instanceId),
    // The instance's own query stays until its screen has gone: removed under a mounted screen,
    // it would be fetched again, and answer 404.
    onMutate: () => queryClient.cancelQueries({ queryKey: builderKeys.instance(instanceId) }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: builderKeys.instances, exact: true }),
  });
}
