/**
 * The local billing provider's pages' API (issue 15), present only while BILLING_PROVIDER=local
 * (404 otherwise), every route for a signed-in learner and their own checkout:
 * - GET  /billing/local/checkout/:id         → what the checkout page shows
 * - POST /billing/local/checkout/:id/pay     {cardNumber, expiry, cvc, name} → outcome
 * - POST /billing/local/checkout/:id/action  {approve} → outcome (the extra step)
 * - POST /billing/local/portal/cancel | resume | change-plan {tier, interval} → the learner's plan
 * - POST /billing/local/portal/simulate-renewal-failure → the plan (outside production only)
 */
import {
  localActionBodySchema,
  localChangePlanBodySchema,
  localPayBodySchema,
} from "@lumen/contracts";
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { localCheckoutAction } from "../commands/local-checkout-action.ts";
import { localCheckoutPay } from "../commands/local-checkout-pay.ts";
import { readLocalCheckout } from "../commands/local-checkout-read.ts";
import { localPortalCancel } from "../commands/local-portal-cancel.ts";
import { localPortalChangePlan } from "../commands/local-portal-change-plan.ts";
import { localPortalResume } from "../commands/local-portal-resume.ts";
import { localPortalSimulateFailure } from "../commands/local-portal-simulate-failure.ts";
import { readPlan } from "../commands/read-plan.ts";
import { errors } from "../errors.ts";
import { readJson, readParams } from "../http/validate.ts";
import { presentMyPlan } from "../presenters/plan.ts";

const checkoutParams = z.object({ id: z.string().min(1).max(255) });

/** What a portal action answers: the learner's plan as GET /v1/me/plan shows it now. */
async function myPlan(c: Context<AuthEnv>) {
  const { database, env, clock } = c.get("deps");
  const read = await readPlan({ db: database.db, userId: currentUser(c).id, now: clock(), env });
  return c.json(presentMyPlan(read));
}

/** The options every portal command takes. */
const portal = (c: Context<AuthEnv>) => {
  const { billing, clock } = c.get("deps");
  return { billing, userId: currentUser(c).id, now: clock(), logger: c.get("log") };
};

export const billingLocalRoutes = new Hono<AuthEnv>()
  .get("/billing/local/checkout/:id", requireUser(), async (c) => {
    const { id } = readParams(c, checkoutParams);
    const { database, billing } = c.get("deps");
    return c.json(
      await readLocalCheckout({ db: database.db, billing, user: currentUser(c), checkoutId: id }),
    );
  })
  .post("/billing/local/checkout/:id/pay", requireUser(), async (c) => {
    const { id } = readParams(c, checkoutParams);
    const body = await readJson(c, localPayBodySchema);
    const { billing, clock } = c.get("deps");
    return c.json(
      await localCheckoutPay({
        billing,
        user: currentUser(c),
        checkoutId: id,
        body,
        now: clock(),
        logger: c.get("log"),
      }),
    );
  })
  .post("/billing/local/checkout/:id/action", requireUser(), async (c) => {
    const { id } = readParams(c, checkoutParams);
    const { approve } = await readJson(c, localActionBodySchema);
    const { billing, clock } = c.get("deps");
    return c.json(
      await localCheckoutAction({
        billing,
        user: currentUser(c),
        checkoutId: id,
        approve,
        now: clock(),
        logger: c.get("log"),
      }),
    );
  })
  .post("/billing/local/portal/cancel", requireUser(), async (c) => {
    await localPortalCancel(portal(c));
    return myPlan(c);
  })
  .post("/billing/local/portal/resume", requireUser(), async (c) => {
    await localPortalResume(portal(c));
    return myPlan(c);
  })
  .post("/billing/local/portal/change-plan", requireUser(), async (c) => {
    const { tier, interval } = await readJson(c, localChangePlanBodySchema);
    await localPortalChangePlan({ ...portal(c), tier, interval });
    return myPlan(c);
  })
  .post("/billing/local/portal/simulate-renewal-failure", requireUser(), async (c) => {
    if (c.get("deps").env.NODE_ENV === "production") throw errors.notFound("This API route");
    await localPortalSimulateFailure(portal(c));
    return myPlan(c);
  });
