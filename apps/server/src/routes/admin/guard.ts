/**
 * Every admin API (`/v1/admin/*`, issue 14) answers 401 without a session and 403 for anyone
 * without the `admin` role (learners and course engineers alike), before anything is read.
 */
import { ADMIN_ROLE } from "@lumen/contracts";
import type { MiddlewareHandler } from "hono";
import { type AuthEnv, currentUser, requireUser } from "../../auth/middleware.ts";
import { AppError } from "../../errors.ts";

const adminRoleOnly: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (!currentUser(c).roles.includes(ADMIN_ROLE))
    throw new AppError("forbidden", "Only administrators can use the admin console.");
  await next();
};

/** The middleware pair every admin route module puts first. */
export const adminOnly = [requireUser(), adminRoleOnly] as const;
