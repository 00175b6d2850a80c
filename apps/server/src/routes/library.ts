/** The library (issue 17): /v1/library, the whole curriculum searchable, with the learner's progress. */
import { Hono } from "hono";
import type { AuthEnv } from "../auth/middleware.ts";

export const libraryRoutes = new Hono<AuthEnv>();
