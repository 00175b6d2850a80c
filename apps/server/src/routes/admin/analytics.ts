/**
 * Admin API: analytics (issue 14). index.ts puts the admin guard (guard.ts) before every route here;
 * paths start with /admin/analytics.
 */
import { adminAnalyticsQuerySchema } from "@lumen/contracts";
import { Hono } from "hono";
import type { AuthEnv } from "../../auth/middleware.ts";
import { readAnalytics } from "../../commands/read-analytics.ts";
import { readQuery } from "../../http/validate.ts";

export const adminAnalyticsRoutes = new Hono<AuthEnv>().get("/admin/analytics", async (c) => {
  const query = readQuery(c, adminAnalyticsQuerySchema);
  const { database, clock } = c.get("deps");
  return c.json(await readAnalytics({ db: database.db, now: clock(), ...query }));
});
