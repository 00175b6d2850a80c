/**
 * Pages the server draws in full (issue 17): the glossary (/glossary/{language} and a page per
 * term), sitemap.xml and robots.txt, so that search engines read them without JavaScript.
 */
import { Hono } from "hono";
import type { AuthEnv } from "../auth/middleware.ts";

export const publicPagesRoutes = new Hono<AuthEnv>();
