/**
 * Admin API: users and the audit log (issue 14). index.ts puts the admin guard (guard.ts) before
 * every route here; paths start with /admin/users or /admin/audit. Every change is one command
 * that writes its audit entry with it.
 */
import {
  type AdminAuditPage,
  type AdminImpersonationAnswer,
  type AdminUserAnswer,
  type AdminUserDetail,
  type AdminUserSummary,
  type AdminUsersPage,
  type AuditEntry,
  adminAuditQuerySchema,
  adminUserParamsSchema,
  adminUserRolesBodySchema,
  adminUsersQuerySchema,
} from "@lumen/contracts";
import { type Context, Hono } from "hono";
import { type AuthEnv, currentUser } from "../../auth/middleware.ts";
import type { UserRow } from "../../auth/users.ts";
import type { AdminUserRow } from "../../commands/admin-find-user.ts";
import { adminImpersonateUser } from "../../commands/admin-impersonate-user.ts";
import { adminListAudit } from "../../commands/admin-list-audit.ts";
import { type AuditRow, adminReadUser } from "../../commands/admin-read-user.ts";
import { adminSearchUsers } from "../../commands/admin-search-users.ts";
import { adminSetDisabled } from "../../commands/admin-set-disabled.ts";
import { adminSetRoles } from "../../commands/admin-set-roles.ts";
import { adminSignOutUser } from "../../commands/admin-sign-out-user.ts";
import { readJson, readParams, readQuery } from "../../http/validate.ts";

const presentUser = (row: UserRow, lastVisitAt: Date | null = null): AdminUserSummary => ({
  id: row.id,
  email: row.email,
  displayName: row.displayName,
  roles: row.roles,
  disabled: row.disabled,
  emailVerified: row.emailVerified,
  createdAt: row.createdAt.toISOString(),
  lastVisitAt: lastVisitAt ? lastVisitAt.toISOString() : null,
});

const presentListed = (row: AdminUserRow) => presentUser(row, row.lastVisitAt);

const presentAudit = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  actor: row.actorId || row.actorEmail ? { id: row.actorId, email: row.actorEmail } : null,
  action: row.action,
  target:
    row.targetUserId || row.targetEmail ? { id: row.targetUserId, email: row.targetEmail } : null,
  detail: row.detail,
});

const actorOf = (c: Context<AuthEnv>) => {
  const user = currentUser(c);
  return { id: user.id, email: user.email };
};

const userId = (c: Context<AuthEnv>) => readParams(c, adminUserParamsSchema).userId;

export const adminUsersRoutes = new Hono<AuthEnv>()
  .get("/admin/users", async (c) => {
    const { query, cursor } = readQuery(c, adminUsersQuerySchema);
    const page = await adminSearchUsers({ db: c.get("deps").database.db, query, cursor });
    const answer: AdminUsersPage = {
      users: page.users.map(presentListed),
      nextCursor: page.nextCursor,
    };
    return c.json(answer);
  })
  .get("/admin/users/:userId", async (c) => {
    const id = userId(c);
    const { database, catalog, clock } = c.get("deps");
    const read = await adminReadUser({ db: database.db, catalog, userId: id, now: clock() });
    const answer: AdminUserDetail = {
      user: presentListed(read.user),
      stats: read.stats,
      audit: read.audit.map(presentAudit),
    };
    return c.json(answer);
  })
  .put("/admin/users/:userId/roles", async (c) => {
    // The body first, so that the route fuzzer's bodies reach their parser.
    const { roles } = await readJson(c, adminUserRolesBodySchema);
    const id = userId(c);
    const user = await adminSetRoles({
      db: c.get("deps").database.db,
      actor: actorOf(c),
      userId: id,
      roles,
    });
    return c.json({ user: presentUser(user) } satisfies AdminUserAnswer);
  })
  .post("/admin/users/:userId/disable", async (c) => {
    const id = userId(c);
    const user = await adminSetDisabled({
      db: c.get("deps").database.db,
      actor: actorOf(c),
      userId: id,
      disabled: true,
    });
    return c.json({ user: presentUser(user) } satisfies AdminUserAnswer);
  })
  .post("/admin/users/:userId/enable", async (c) => {
    const id = userId(c);
    const user = await adminSetDisabled({
      db: c.get("deps").database.db,
      actor: actorOf(c),
      userId: id,
      disabled: false,
    });
    return c.json({ user: presentUser(user) } satisfies AdminUserAnswer);
  })
  .post("/admin/users/:userId/sign-out", async (c) => {
    const id = userId(c);
    const user = await adminSignOutUser({
      db: c.get("deps").database.db,
      actor: actorOf(c),
      userId: id,
    });
    return c.json({ user: presentUser(user) } satisfies AdminUserAnswer);
  })
  .post("/admin/users/:userId/impersonate", async (c) => {
    const id = userId(c);
    const { database, auth, env, clock } = c.get("deps");
    const minted = await adminImpersonateUser({
      db: database.db,
      keys: await auth.keys(),
      actor: actorOf(c),
      userId: id,
      allowed: env.ALLOW_IMPERSONATION,
      now: clock(),
    });
    const answer: AdminImpersonationAnswer = {
      token: minted.token,
      expiresAt: minted.expiresAt.toISOString(),
      setting: "IMPERSONATION_TOKEN",
    };
    return c.json(answer);
  })
  .get("/admin/audit", async (c) => {
    const { cursor, action, userId: who } = readQuery(c, adminAuditQuerySchema);
    const page = await adminListAudit({
      db: c.get("deps").database.db,
      cursor: cursor ? Number(cursor) : undefined,
      action,
      userId: who,
    });
    const answer: AdminAuditPage = {
      entries: page.entries.map(presentAudit),
      nextCursor: page.nextCursor,
      actions: page.actions,
    };
    return c.json(answer);
  });
