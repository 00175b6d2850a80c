/**
 * Admin API: analytics (issue 14). index.ts puts the admin guard (guard.ts) before every route here;
 * paths start with /admin/analytics.
 */
import { Hono } from "hono";
import type { AuthEnv } from "../../auth/middleware.ts";

export const adminAnalyticsRoutes = new Hono<AuthEnv>();
