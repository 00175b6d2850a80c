/** The console's live events (issue 17): create, edit, cancel, recording links. */
import { Hono } from "hono";
import type { AuthEnv } from "../../auth/middleware.ts";

export const adminLiveEventsRoutes = new Hono<AuthEnv>();
