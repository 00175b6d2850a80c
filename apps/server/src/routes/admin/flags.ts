/**
 * Admin API: flags (issue 14). index.ts puts the admin guard (guard.ts) before every route here;
 * paths start with /admin/flags.
 */
import { Hono } from "hono";
import type { AuthEnv } from "../../auth/middleware.ts";

export const adminFlagsRoutes = new Hono<AuthEnv>();
