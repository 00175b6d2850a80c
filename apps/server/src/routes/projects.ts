/** Freeform projects (issue 17): a learner's own projects under /v1/projects. */
import { Hono } from "hono";
import type { AuthEnv } from "../auth/middleware.ts";

export const projectsRoutes = new Hono<AuthEnv>();
