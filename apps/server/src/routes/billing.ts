/**
 * Paying for a plan (issue 15, ADR 0044); the catalogue, the learner's plan and credits are
 * routes/plans.ts's, the local provider's own pages' API routes/billing-local.ts's.
 * - POST /billing/checkout {tier, interval, flow?, redirectUrl?, trackingReferer?} → {sessionId, url}
 *   (signed in; 409 while a subscription is live: the plan is changed in the portal)
 * - GET  /billing/checkout/:id → how it ended, `planActive` once the plan is in force (its owner)
 * - POST /billing/portal {returnUrl?} → {url} of the provider's customer portal
 * - POST /billing/webhooks/:provider → the provider's signed event, stored, answered at once
 */
import { checkoutBodySchema, portalBodySchema } from "@lumen/contracts";
import { Hono } from "hono";
import { z } from "zod";
import { publicOrigin } from "../auth/client-ip.ts";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { redirectPolicyFor } from "../billing/redirect-policy.ts";
import { createCheckout } from "../commands/create-checkout.ts";
import { openBillingPortal } from "../commands/open-billing-portal.ts";
import { readCheckout } from "../commands/read-checkout.ts";
import { receiveBillingWebhook } from "../commands/receive-billing-webhook.ts";
import { errors } from "../errors.ts";
import { readJson, readParams } from "../http/validate.ts";

const checkoutParams = z.object({ id: z.string().min(1).max(255) });
const providerParams = z.object({ provider: z.string().max(40) });

export const billingRoutes = new Hono<AuthEnv>()
  .post("/billing/checkout", requireUser(), async (c) => {
    const body = await readJson(c, checkoutBodySchema);
    const { billing, clock } = c.get("deps");
    const answer = await createCheckout({
      billing,
      user: currentUser(c),
      body,
      origin: publicOrigin(c),
      redirectPolicy: redirectPolicyFor(c),
      now: clock(),
    });
    return c.json(answer, 201);
  })
  .get("/billing/checkout/:id", requireUser(), async (c) => {
    const { id } = readParams(c, checkoutParams);
    const { database, billing, clock } = c.get("deps");
    return c.json(
      await readCheckout({
        db: database.db,
        id,
        userId: currentUser(c).id,
        now: clock(),
        graceDays: billing.graceDays,
      }),
    );
  })
  .post("/billing/portal", requireUser(), async (c) => {
    const { returnUrl } = await readJson(c, portalBodySchema);
    const { database, billing } = c.get("deps");
    return c.json(
      await openBillingPortal({
        db: database.db,
        provider: billing.provider,
        userId: currentUser(c).id,
        returnUrl,
        origin: publicOrigin(c),
        redirectPolicy: redirectPolicyFor(c),
      }),
    );
  })
  .post("/billing/webhooks/:provider", async (c) => {
    const { provider } = readParams(c, providerParams);
    const { database, billing, clock } = c.get("deps");
    // Only the provider in use takes webhooks; another's address does not exist here.
    if (provider !== billing.provider.name) throw errors.notFound("This webhook address");
    const received = await receiveBillingWebhook({
      db: database.db,
      provider: billing.provider,
      // The signature is over the exact bytes sent: never parse and re-serialise first.
      rawBody: await c.req.text(),
      headers: c.req.raw.headers,
      now: clock(),
    });
    c.get("log").info({ ...received, provider }, "billing webhook received");
    billing.kick();
    return c.json({ received: true, duplicate: !received.stored });
  });
