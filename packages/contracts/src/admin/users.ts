/**
 * Admin console contracts: users and the audit log (issue 14). The server parses requests with
 * these and the console reads answers through them.
 */
import { learnerStatsSchema } from "../profile.ts";
import { ROLES } from "../roles.ts";
import { z } from "../zod.ts";

/** Users a page of `GET /v1/admin/users` answers. */
export const ADMIN_USERS_PAGE_SIZE = 25;
/** Entries a page of `GET /v1/admin/audit` answers. */
export const ADMIN_AUDIT_PAGE_SIZE = 25;
/** Audit entries `GET /v1/admin/users/:userId` answers with the user. */
export const ADMIN_USER_RECENT_AUDIT = 20;

/** The actions this area writes to the audit log (other areas add their own, e.g. flag.update). */
export const USER_AUDIT_ACTIONS = [
  "user.role.grant",
  "user.role.revoke",
  "user.disable",
  "user.enable",
  "user.sign-out",
  "user.impersonate",
] as const;

const datetime = z.iso.datetime({ offset: true });
const uuid = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const cursor = z.string().check(z.minLength(1), z.maxLength(320));

/** `GET /v1/admin/users?query=&cursor=`: a part of an email or display name, any case. */
export const adminUsersQuerySchema = z.object({
  query: z.optional(z.string().check(z.maxLength(200))),
  cursor: z.optional(cursor),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.nullable(z.string()),
  roles: z.array(z.string()),
  disabled: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: datetime,
  /** The last time the web app counted a visit (POST /v1/user/visits); null when never. */
  lastVisitAt: z.nullable(datetime),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSummarySchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.nullable(z.string()),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** `:userId` in every /v1/admin/users/:userId route. */
export const adminUserParamsSchema = z.object({ userId: uuid });

export const auditEntrySchema = z.object({
  id: z.number(),
  at: datetime,
  /** Null for the command line (`npm run admin`). */
  actor: z.nullable(z.object({ id: z.nullable(z.string()), email: z.nullable(z.string()) })),
  action: z.string(),
  target: z.nullable(z.object({ id: z.nullable(z.string()), email: z.nullable(z.string()) })),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /v1/admin/users/:userId`: the user, their learning figures and their recent audit trail. */
export const adminUserDetailSchema = z.object({
  user: adminUserSummarySchema,
  stats: learnerStatsSchema,
  audit: z.array(auditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** `PUT /v1/admin/users/:userId/roles`: the whole set of roles the account should have. */
export const adminUserRolesBodySchema = z.strictObject({
  roles: z.array(z.enum(ROLES)).check(z.maxLength(ROLES.length * 2)),
});
export type AdminUserRolesBody = z.infer<typeof adminUserRolesBodySchema>;

/** What every change to a user (roles, disable, enable, sign-out) answers: the user afterwards. */
export const adminUserAnswerSchema = z.object({ user: adminUserSummarySchema });
export type AdminUserAnswer = z.infer<typeof adminUserAnswerSchema>;

/** `POST /v1/admin/users/:userId/impersonate`. */
export const adminImpersonationAnswerSchema = z.object({
  token: z.string(),
  expiresAt: datetime,
  /** Where the token goes (spec section 6: an impersonation token from configuration). */
  setting: z.literal("IMPERSONATION_TOKEN"),
});
export type AdminImpersonationAnswer = z.infer<typeof adminImpersonationAnswerSchema>;

/** `GET /v1/admin/audit?cursor=&action=&userId=`: newest first. */
export const adminAuditQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.regex(/^[1-9]\d{0,15}$/))),
  action: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  userId: z.optional(uuid),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const adminAuditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.nullable(z.string()),
  /** Every action the log holds, for the console's filter. */
  actions: z.array(z.string()),
});
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;
