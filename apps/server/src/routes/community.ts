/** The community (issue 17): showcase, help threads, comments, likes and reports under /v1/community. */
import { Hono } from "hono";
import type { AuthEnv } from "../auth/middleware.ts";

export const communityRoutes = new Hono<AuthEnv>();
