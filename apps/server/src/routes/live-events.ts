/** Live events (issue 17): /v1/live-events, RSVPs and .ics downloads. */
import { Hono } from "hono";
import type { AuthEnv } from "../auth/middleware.ts";

export const liveEventsRoutes = new Hono<AuthEnv>();
