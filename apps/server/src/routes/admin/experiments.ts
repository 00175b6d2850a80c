/**
 * Admin API: experiments (issue 14). index.ts puts the admin guard (guard.ts) before every route here;
 * paths start with /admin/experiments.
 * - GET /admin/experiments → each experiment with its settings and results per variant.
 * - PUT /admin/experiments/:name {active?, metricEvent?} → 204; audited as experiment.update.
 */
import { adminExperimentUpdateSchema } from "@lumen/contracts";
import { Hono } from "hono";
import { z } from "zod";
import { type AuthEnv, currentUser } from "../../auth/middleware.ts";
import { adminListExperiments } from "../../commands/admin-list-experiments.ts";
import { adminUpdateExperiment } from "../../commands/admin-update-experiment.ts";
import { readJson, readParams } from "../../http/validate.ts";

const nameParams = z.object({ name: z.string().max(100) });

export const adminExperimentsRoutes = new Hono<AuthEnv>()
  .get("/admin/experiments", async (c) => {
    const { database, clock } = c.get("deps");
    return c.json(
      await adminListExperiments({
        db: database.db,
        now: clock(),
        paused: c.get("deps").env.EXPERIMENTS_PAUSED,
      }),
    );
  })
  .put("/admin/experiments/:name", async (c) => {
    const { name } = readParams(c, nameParams);
    const change = await readJson(c, adminExperimentUpdateSchema);
    const { database, clock } = c.get("deps");
    const user = currentUser(c);
    await adminUpdateExperiment({
      db: database.db,
      actor: { id: user.id, email: user.email },
      name,
      change,
      now: clock(),
    });
    return c.body(null, 204);
  });
