/**
 * Admin API: users (issue 14). index.ts puts the admin guard (guard.ts) before every route here;
 * paths start with /admin/users.
 */
import { Hono } from "hono";
import type { AuthEnv } from "../../auth/middleware.ts";

export const adminUsersRoutes = new Hono<AuthEnv>();
