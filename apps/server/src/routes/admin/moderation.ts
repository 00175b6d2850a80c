/** The console's moderation (issue 17): reports, hide and restore, bans from posting. */
import { Hono } from "hono";
import type { AuthEnv } from "../../auth/middleware.ts";

export const adminModerationRoutes = new Hono<AuthEnv>();
