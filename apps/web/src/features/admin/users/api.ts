/**
 * The users area's calls (issue 14): the user search, one user, the changes an admin makes to an
 * account, and the audit log. Each answer is checked against the shared contract; a refused call
 * throws the app's ApiError with the server's message, which the console shows as it is.
 */
import {
  type AdminAuditPage,
  type AdminImpersonationAnswer,
  type AdminUserAnswer,
  type AdminUserDetail,
  type AdminUsersPage,
  adminAuditPageSchema,
  adminImpersonationAnswerSchema,
  adminUserAnswerSchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  type Role,
} from "@lumen/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-call.ts";

/** A query string of the values that are set. */
function query(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export type UserAction = "disable" | "enable" | "sign-out";

export const adminUsersApi = {
  search: (q: { query?: string; cursor?: string }): Promise<AdminUsersPage> =>
    callApi(adminUsersPageSchema, `/v1/admin/users${query(q)}`),
  user: (userId: string): Promise<AdminUserDetail> =>
    callApi(adminUserDetailSchema, `/v1/admin/users/${encodeURIComponent(userId)}`),
  setRoles: (userId: string, roles: Role[]): Promise<AdminUserAnswer> =>
    callApi(adminUserAnswerSchema, `/v1/admin/users/${encodeURIComponent(userId)}/roles`, {
      method: "PUT",
      body: JSON.stringify({ roles }),
    }),
  act: (userId: string, action: UserAction): Promise<AdminUserAnswer> =>
    callApi(adminUserAnswerSchema, `/v1/admin/users/${encodeURIComponent(userId)}/${action}`, {
      method: "POST",
    }),
  impersonate: (userId: string): Promise<AdminImpersonationAnswer> =>
    callApi(
      adminImpersonationAnswerSchema,
      `/v1/admin/users/${encodeURIComponent(userId)}/impersonate`,
      { method: "POST" },
    ),
  audit: (q: { cursor?: string; action?: string; userId?: string }): Promise<AdminAuditPage> =>
    callApi(adminAuditPageSchema, `/v1/admin/audit${query(q)}`),
};

/** One key family: any change an admin makes refreshes every list and panel of the area. */
export const adminUsersKeys = {
  all: ["admin", "users-area"] as const,
  search: (q: { query?: string; cursor?: string }) =>
    [...adminUsersKeys.all, "search", q.query ?? "", q.cursor ?? ""] as const,
  user: (userId: string) => [...adminUsersKeys.all, "user", userId] as const,
  audit: (q: { cursor?: string; action?: string; userId?: string }) =>
    [...adminUsersKeys.all, "audit", q.action ?? "", q.userId ?? "", q.cursor ?? ""] as const,
};

export const adminUsersQuery = (q: { query?: string; cursor?: string }) =>
  queryOptions({
    queryKey: adminUsersKeys.search(q),
    queryFn: () => adminUsersApi.search(q),
    // Typing in the search box keeps the last results on screen until the new ones come.
    placeholderData: keepPreviousData,
  });

export const adminUserQuery = (userId: string) =>
  queryOptions({
    queryKey: adminUsersKeys.user(userId),
    queryFn: () => adminUsersApi.user(userId),
  });

export const adminAuditQuery = (q: { cursor?: string; action?: string; userId?: string }) =>
  queryOptions({
    queryKey: adminUsersKeys.audit(q),
    queryFn: () => adminUsersApi.audit(q),
    placeholderData: keepPreviousData,
  });
