/**
 * The caller's feature flags (issue 14): GET /v1/flags, signed in or not. The browser's flag
 * provider (apps/web/src/features/flags) reads it at start, every FLAGS_REFRESH_SECONDS and when
 * the window comes back, so an operator's change reaches open pages without a reload.
 */
import { FEATURE_OVERRIDES_COOKIE, type FlagsAnswer } from "@lumen/contracts";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { AuthEnv } from "../auth/middleware.ts";
import { readCallerFlags } from "../commands/read-caller-flags.ts";

export const flagsRoutes = new Hono<AuthEnv>().get("/flags", async (c) => {
  const user = c.get("user");
  const answer = await readCallerFlags({
    flags: c.get("deps").flags,
    caller: user ? { id: user.id, roles: user.roles } : undefined,
    overridesCookie: getCookie(c, FEATURE_OVERRIDES_COOKIE),
    log: c.get("log"),
  });
  return c.json<FlagsAnswer>(answer);
});
