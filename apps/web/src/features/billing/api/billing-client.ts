/**
 * The billing calls (issue 15): the plan catalogue, the learner's plan, starting a checkout,
 * a checkout's outcome and the provider's portal. Each answer is checked against the shared
 * contract (@lumen/contracts billing.ts); a refused call throws the app's ApiError.
 */
import {
  type CheckoutAnswer,
  type CheckoutBody,
  type CheckoutStatusAnswer,
  checkoutAnswerSchema,
  checkoutStatusAnswerSchema,
  type MyPlanAnswer,
  myPlanAnswerSchema,
  type PlansAnswer,
  type PortalAnswer,
  plansAnswerSchema,
  portalAnswerSchema,
} from "@lumen/contracts";
import { callApi } from "../../../lib/api-call.ts";

/** Calls PATH and parses its answer with SCHEMA; any refusal is an ApiError. */
export const postJson = (body: unknown): RequestInit => ({
  method: "POST",
  body: JSON.stringify(body),
});

export const billingApi = {
  plans: (): Promise<PlansAnswer> => callApi(plansAnswerSchema, "/v1/billing/plans"),
  myPlan: (): Promise<MyPlanAnswer> => callApi(myPlanAnswerSchema, "/v1/me/plan"),
  startCheckout: (body: CheckoutBody): Promise<CheckoutAnswer> =>
    callApi(checkoutAnswerSchema, "/v1/billing/checkout", postJson(body)),
  checkoutStatus: (sessionId: string): Promise<CheckoutStatusAnswer> =>
    callApi(checkoutStatusAnswerSchema, `/v1/billing/checkout/${encodeURIComponent(sessionId)}`),
  portal: (returnUrl?: string): Promise<PortalAnswer> =>
    callApi(portalAnswerSchema, "/v1/billing/portal", postJson(returnUrl ? { returnUrl } : {})),
};
