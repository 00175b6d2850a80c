/** The admin console's API under /v1/admin (issue 14), one module an area. */
import { Hono } from "hono";
import type { AuthEnv } from "../../auth/middleware.ts";
import { adminAnalyticsRoutes } from "./analytics.ts";
import { adminErrorsRoutes } from "./errors.ts";
import { adminExperimentsRoutes } from "./experiments.ts";
import { adminFlagsRoutes } from "./flags.ts";
import { adminOnly } from "./guard.ts";
import { adminLiveEventsRoutes } from "./live-events.ts";
import { adminModerationRoutes } from "./moderation.ts";
import { adminSubscriptionsRoutes } from "./subscriptions.ts";
import { adminUsersRoutes } from "./users.ts";

export const adminRoutes = new Hono<AuthEnv>()
  // Any other /admin path: still 401/403 before the 404, so nothing about it leaks.
  .use("/admin/*", ...adminOnly)
  .route("/", adminUsersRoutes)
  .route("/", adminFlagsRoutes)
  .route("/", adminExperimentsRoutes)
  .route("/", adminErrorsRoutes)
  .route("/", adminAnalyticsRoutes)
  .route("/", adminSubscriptionsRoutes)
  .route("/", adminModerationRoutes)
  .route("/", adminLiveEventsRoutes);
