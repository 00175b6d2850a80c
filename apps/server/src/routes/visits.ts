/** POST /v1/user/visits: a signed-in client's visit, counted per user per day (spec section 7). */
import { Hono } from "hono";
import { z } from "zod";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { recordVisit } from "../commands/record-visit.ts";
import { readJson } from "../http/validate.ts";

const visitBody = z.object({ appName: z.enum(["web"]) });

export const visitsRoutes = new Hono<AuthEnv>().post("/user/visits", requireUser(), async (c) => {
  const { appName } = await readJson(c, visitBody);
  const { database, clock } = c.get("deps");
  await recordVisit({ db: database.db, userId: currentUser(c).id, appName, at: clock() });
  return c.body(null, 204);
});
