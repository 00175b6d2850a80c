/**
 * The subscriptions area's calls (issue 15): the list of accounts with their plan, one account's
 * billing (subscriptions, webhook events, plan grants, the ledger), and the changes an admin
 * makes: grant or revoke a plan, grant credits. Each answer is checked against the shared
 * contract (packages/contracts/src/admin/subscriptions.ts); a refusal throws the app's ApiError
 * with the server's message, which the console shows as it is.
 */
import {
  type AdminBillingDetail,
  type AdminCreditsPage,
  type AdminGrantCreditsBody,
  type AdminGrantPlanBody,
  type AdminSubscriptionState,
  type AdminSubscriptionsPage,
  adminBillingDetailSchema,
  adminCreditsPageSchema,
  adminSubscriptionsPageSchema,
} from "@lumen/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-call.ts";
import { postJson } from "../../billing/api/billing-client.ts";

export interface SubscriptionsFilter {
  query?: string;
  state?: AdminSubscriptionState;
  cursor?: string;
}

/** A query string of the values that are set. */
function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

const userPath = (userId: string) => `/v1/admin/users/${encodeURIComponent(userId)}`;

export const adminSubscriptionsApi = {
  list: (filter: SubscriptionsFilter): Promise<AdminSubscriptionsPage> =>
    callApi(adminSubscriptionsPageSchema, `/v1/admin/subscriptions${queryString({ ...filter })}`),
  billing: (userId: string): Promise<AdminBillingDetail> =>
    callApi(adminBillingDetailSchema, `${userPath(userId)}/billing`),
  grantPlan: (userId: string, body: AdminGrantPlanBody): Promise<AdminBillingDetail> =>
    callApi(adminBillingDetailSchema, `${userPath(userId)}/plan-grants`, postJson(body)),
  revokeGrant: (userId: string, grantId: string): Promise<AdminBillingDetail> =>
    callApi(
      adminBillingDetailSchema,
      `${userPath(userId)}/plan-grants/${encodeURIComponent(grantId)}/revoke`,
      { method: "POST" },
    ),
  credits: (userId: string, before: number): Promise<AdminCreditsPage> =>
    callApi(adminCreditsPageSchema, `${userPath(userId)}/credits${queryString({ before })}`),
  grantCredits: (userId: string, body: AdminGrantCreditsBody): Promise<AdminBillingDetail> =>
    callApi(adminBillingDetailSchema, `${userPath(userId)}/credits`, postJson(body)),
};

/** One key family: any change refreshes the list and the panel. */
export const adminSubscriptionsKeys = {
  all: ["admin", "subscriptions-area"] as const,
  list: (filter: SubscriptionsFilter) =>
    [
      ...adminSubscriptionsKeys.all,
      "list",
      filter.query ?? "",
      filter.state ?? "",
      filter.cursor ?? "",
    ] as const,
  billing: (userId: string) => [...adminSubscriptionsKeys.all, "billing", userId] as const,
};

export const adminSubscriptionsQuery = (filter: SubscriptionsFilter) =>
  queryOptions({
    queryKey: adminSubscriptionsKeys.list(filter),
    queryFn: () => adminSubscriptionsApi.list(filter),
    // Typing in the search box keeps the last results on screen until the new ones come.
    placeholderData: keepPreviousData,
  });

export const adminBillingQuery = (userId: string) =>
  queryOptions({
    queryKey: adminSubscriptionsKeys.billing(userId),
    queryFn: () => adminSubscriptionsApi.billing(userId),
  });
