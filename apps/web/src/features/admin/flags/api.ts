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
import type * as z from "zod/mini";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

async function call<S extends z.ZodMiniType>(
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

export const adminFlagsApi = {
  list: (): Promise<AdminFlagsAnswer> => call(adminFlagsAnswerSchema, "/v1/admin/flags"),
  save: (flag: FeatureFlag, rule: FlagRuleInput): Promise<AdminFlag> =>
    call(adminFlagSchema, `/v1/admin/flags/${encodeURIComponent(flag)}`, {
      method: "PUT",
      body: JSON.stringify(rule),
    }),
};

export const adminFlagsKey = ["admin", "flags"] as const;

export const adminFlagsQuery = () =>
  queryOptions({ queryKey: adminFlagsKey, queryFn: adminFlagsApi.list });
