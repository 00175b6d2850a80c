/**
 * The local payment provider's calls (BILLING_PROVIDER=local, issue 15): its checkout page's
 * session, paying with a test card, the extra confirmation step, and its customer portal's
 * cancel, resume and change of plan. Only the local provider's own pages use them.
 */
import {
  type BillingInterval,
  type LocalCheckoutAnswer,
  type LocalPayAnswer,
  type LocalPayBody,
  localCheckoutAnswerSchema,
  localPayAnswerSchema,
  type MyPlanAnswer,
  myPlanAnswerSchema,
  type PurchasableTier,
} from "@lumen/contracts";
import { queryOptions } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-call.ts";
import { postJson } from "./billing-client.ts";

const checkoutPath = (sessionId: string) =>
  `/v1/billing/local/checkout/${encodeURIComponent(sessionId)}`;

export const localProviderApi = {
  checkout: (sessionId: string): Promise<LocalCheckoutAnswer> =>
    callApi(localCheckoutAnswerSchema, checkoutPath(sessionId)),
  pay: (sessionId: string, card: LocalPayBody): Promise<LocalPayAnswer> =>
    callApi(localPayAnswerSchema, `${checkoutPath(sessionId)}/pay`, postJson(card)),
  confirmAction: (sessionId: string, approve: boolean): Promise<LocalPayAnswer> =>
    callApi(localPayAnswerSchema, `${checkoutPath(sessionId)}/action`, postJson({ approve })),
  cancel: (): Promise<MyPlanAnswer> =>
    callApi(myPlanAnswerSchema, "/v1/billing/local/portal/cancel", postJson({})),
  resume: (): Promise<MyPlanAnswer> =>
    callApi(myPlanAnswerSchema, "/v1/billing/local/portal/resume", postJson({})),
  changePlan: (tier: PurchasableTier, interval: BillingInterval): Promise<MyPlanAnswer> =>
    callApi(
      myPlanAnswerSchema,
      "/v1/billing/local/portal/change-plan",
      postJson({ tier, interval }),
    ),
};

/** The local checkout page's session: fresh each visit (its status changes as it is paid). */
export const localCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ["billing", "local-checkout", sessionId] as const,
    queryFn: () => localProviderApi.checkout(sessionId),
    staleTime: 0,
    retry: false,
  });
