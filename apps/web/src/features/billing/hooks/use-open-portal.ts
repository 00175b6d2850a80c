/**
 * "Manage plan": asks the server for the provider's customer portal (POST /v1/billing/portal)
 * with a way back here, and goes there.
 */
import { useMutation } from "@tanstack/react-query";
import { billingApi } from "../api/billing-client.ts";
import { useGoTo } from "./use-go-to.ts";
import { useResetOnReturn } from "./use-reset-on-return.ts";

export function useOpenPortal() {
  const goTo = useGoTo();
  const mutation = useMutation({
    mutationFn: async () => {
      const here = `${window.location.pathname}${window.location.search}`;
      const answer = await billingApi.portal(here);
      goTo(answer.url);
      return new Promise<never>(() => {});
    },
  });
  useResetOnReturn(mutation.reset);
  return mutation;
}
