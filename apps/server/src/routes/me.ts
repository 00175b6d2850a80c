/** GET /v1/me: the signed-in user as spec section 3 lists it. */
import { Hono } from "hono";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { presentUser } from "../auth/present-user.ts";

export const meRoutes = new Hono<AuthEnv>().get("/me", requireUser(), (c) =>
  c.json(presentUser(currentUser(c))),
);
