/**
 * Plans and credits (issue 15): the public catalogue with its prices, the caller's plan and their
 * credit ledger. Checkout, the portal and webhooks are routes/billing.ts's.
 * - GET /billing/plans            → plansAnswerSchema (public, the same for everyone)
 * - GET /me/plan                  → myPlanAnswerSchema
 * - GET /me/credits?before={id}   → creditsAnswerSchema
 */
import { creditsQuerySchema } from "@lumen/contracts";
import { Hono } from "hono";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { readCredits } from "../commands/read-credits.ts";
import { readPlan } from "../commands/read-plan.ts";
import { readQuery } from "../http/validate.ts";
import { presentCredits, presentMyPlan, presentPlans } from "../presenters/plan.ts";

export const plansRoutes = new Hono<AuthEnv>()
  .get("/billing/plans", (c) => {
    // Prices change only with a restart: a few minutes in any cache is harmless.
    c.header("Cache-Control", "public, max-age=300");
    return c.json(presentPlans(c.get("deps").env));
  })
  .get("/me/plan", requireUser(), async (c) => {
    const { database, env, clock } = c.get("deps");
    const read = await readPlan({
      db: database.db,
      userId: currentUser(c).id,
      now: clock(),
      env,
    });
    return c.json(presentMyPlan(read));
  })
  .get("/me/credits", requireUser(), async (c) => {
    const { before } = readQuery(c, creditsQuerySchema);
    const { database, env, clock } = c.get("deps");
    const read = await readCredits({
      db: database.db,
      userId: currentUser(c).id,
      now: clock(),
      env,
      before: before ? Number(before) : undefined,
    });
    return c.json(presentCredits(read));
  });
