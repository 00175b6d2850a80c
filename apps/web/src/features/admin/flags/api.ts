/**
 * The flags area's calls (issue 14): every flag with its rule, and saving one flag's rule. Each
 * answer is checked against the shared contract; a refused call throws the app's ApiError with
 * the server's message, which the console shows as it is.
 */
import {
  type AdminFlag,
  type AdminFlagsAnswer,
  adminFlagSchema,
  adminFlagsAnswerSchema,
  type FlagRuleInput,
} from "@lumen/contracts";
import type { FeatureFlag } from "@lumen/core";
import { queryOptions } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-call.ts";

export const adminFlagsApi = {
  list: (): Promise<AdminFlagsAnswer> => callApi(adminFlagsAnswerSchema, "/v1/admin/flags"),
  save: (flag: FeatureFlag, rule: FlagRuleInput): Promise<AdminFlag> =>
    callApi(adminFlagSchema, `/v1/admin/flags/${encodeURIComponent(flag)}`, {
      method: "PUT",
      body: JSON.stringify(rule),
    }),
};

export const adminFlagsKey = ["admin", "flags"] as const;

export const adminFlagsQuery = () =>
  queryOptions({ queryKey: adminFlagsKey, queryFn: adminFlagsApi.list });
