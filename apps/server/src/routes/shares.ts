/** Shared code (issue 17): /v1/shares, a snapshot of a project's or a lesson's files by code. */
import { Hono } from "hono";
import type { AuthEnv } from "../auth/middleware.ts";

export const sharesRoutes = new Hono<AuthEnv>();
