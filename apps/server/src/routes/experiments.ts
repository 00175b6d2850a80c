/**
 * The public experiments API (issue 14, spec section 9), for signed-in users and anonymous
 * visitors alike (who name themselves with the X-Visitor-Id header):
 * - GET /experiments → the caller's variant of every experiment, and which are running.
 * - POST /experiments/:name/exposures {variant} → records the first exposure, once per subject.
 */
import { experimentExposureBodySchema, VISITOR_ID_HEADER, visitorIdSchema } from "@lumen/contracts";
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv } from "../auth/middleware.ts";
import { readExperimentAssignments } from "../commands/read-experiment-assignments.ts";
import { recordExperimentExposure } from "../commands/record-experiment-exposure.ts";
import { check, readJson, readParams } from "../http/validate.ts";

const nameParams = z.object({ name: z.string().max(100) });

/** The visitor id header, when sent, must be a valid one: a bad one is a 400, not ignored. */
function visitorId(c: Context<AuthEnv>): string | null {
  const header = c.req.header(VISITOR_ID_HEADER);
  return header === undefined ? null : check(visitorIdSchema, header);
}

export const experimentsRoutes = new Hono<AuthEnv>()
  .get("/experiments", async (c) => {
    const { database, clock } = c.get("deps");
    return c.json(
      await readExperimentAssignments({
        db: database.db,
        userId: c.get("user")?.id ?? null,
        visitorId: visitorId(c),
        now: clock(),
        paused: c.get("deps").env.EXPERIMENTS_PAUSED,
      }),
    );
  })
  .post("/experiments/:name/exposures", async (c) => {
    const { name } = readParams(c, nameParams);
    const { variant } = await readJson(c, experimentExposureBodySchema);
    const { database, clock } = c.get("deps");
    const answer = await recordExperimentExposure({
      db: database.db,
      experiment: name,
      variant,
      userId: c.get("user")?.id ?? null,
      visitorId: visitorId(c),
      now: clock(),
      paused: c.get("deps").env.EXPERIMENTS_PAUSED,
    });
    return c.json(answer, answer.recorded ? 201 : 200);
  });
