/** POST /v1/events: the analytics batch endpoint (spec section 7's event names only). */
import { analyticsBatchSchema } from "@lumen/contracts";
import { Hono } from "hono";
import { recordEvents } from "../commands/record-events.ts";
import type { AppEnv } from "../context.ts";
import { readJson } from "../http/validate.ts";

export const eventsRoutes = new Hono<AppEnv>().post("/events", async (c) => {
  const batch = await readJson(c, analyticsBatchSchema);
  const accepted = await recordEvents({
    db: c.get("deps").database.db,
    events: batch.events,
    // A signed-in batch (fetch with the bearer token) counts for its learner; beacons stay anonymous.
    userId: c.get("user")?.id ?? null,
  });
  return c.json({ accepted }, 202);
});
