/**
 * Starting a checkout (issue 15): POST /v1/billing/checkout with the chosen plan, then off to the
 * provider's page it names (the local provider's page here, Stripe's hosted page there). The
 * mutation stays pending while the browser leaves, so the button does not come back to life.
 */
import { useMutation } from "@tanstack/react-query";
import { track } from "../../../analytics/track.ts";
import { billingApi } from "../api/billing-client.ts";
import { checkoutBody, type PlanChoice } from "../lib/plan-choice.ts";
import { useGoTo } from "./use-go-to.ts";
import { useResetOnReturn } from "./use-reset-on-return.ts";

export function useStartCheckout() {
  const goTo = useGoTo();
  const mutation = useMutation({
    mutationFn: async (choice: PlanChoice) => {
      const answer = await billingApi.startCheckout(checkoutBody(choice));
      if (choice.flow === "web2app") track("web2app_step", { step: "checkout", tier: choice.tier });
      goTo(answer.url);
      // Leaving: keep the button pending until the next page takes over.
      return new Promise<never>(() => {});
    },
  });
  useResetOnReturn(mutation.reset);
  return mutation;
}
