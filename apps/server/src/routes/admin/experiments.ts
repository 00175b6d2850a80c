/**
 * Admin API: experiments (issue 14). index.ts puts the admin guard (guard.ts) before every route here;
 * paths start with /admin/experiments.
 */
import { Hono } from "hono";
import type { AuthEnv } from "../../auth/middleware.ts";

export const adminExperimentsRoutes = new Hono<AuthEnv>();
