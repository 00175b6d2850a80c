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
import type * as z from "zod/mini";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

/** Calls PATH and parses its answer with SCHEMA; any refusal is an ApiError. */
export async function callApi<S extends z.ZodMiniType>(
  schema: S,
  path: string,
  init: RequestInit = {},
): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch {
    throw ApiError.unreachable();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ApiError.fromAnswer(response.status, body);
  return schema.parse(body);
}

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
