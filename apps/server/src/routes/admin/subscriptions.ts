/**
 * Admin API: subscriptions, plan grants and credits (issue 15). index.ts puts the admin guard
 * before every route here. Every change is one command that writes its audit entry with it, and
 * answers the account's billing as the console shows it.
 * - GET  /admin/subscriptions?query=&state=&cursor=
 * - GET  /admin/users/:userId/billing
 * - POST /admin/users/:userId/plan-grants                    { tier, reason, endsAt? }
 * - POST /admin/users/:userId/plan-grants/:grantId/revoke
 * - GET  /admin/users/:userId/credits?before=
 * - POST /admin/users/:userId/credits                        { amount, reason, idempotencyKey? }
 */
import {
  type AdminCreditsPage,
  type AdminSubscriptionsPage,
  adminGrantCreditsBodySchema,
  adminGrantPlanBodySchema,
  adminPlanGrantParamsSchema,
  adminSubscriptionsQuerySchema,
  adminUserParamsSchema,
  creditsQuerySchema,
} from "@lumen/contracts";
import { type Context, Hono } from "hono";
import { type AuthEnv, currentUser } from "../../auth/middleware.ts";
import { findAdminTarget } from "../../commands/admin-find-user.ts";
import { adminGrantCredits } from "../../commands/admin-grant-credits.ts";
import { adminGrantPlan } from "../../commands/admin-grant-plan.ts";
import { adminListSubscriptions } from "../../commands/admin-list-subscriptions.ts";
import { adminLedgerPage, adminReadBilling } from "../../commands/admin-read-billing.ts";
import { adminRevokePlanGrant } from "../../commands/admin-revoke-plan-grant.ts";
import { readJson, readParams, readQuery } from "../../http/validate.ts";
import {
  presentAdminBilling,
  presentAdminCreditEntry,
  presentAdminSubscriptionRow,
} from "../../presenters/admin-billing.ts";

const actorOf = (c: Context<AuthEnv>) => {
  const user = currentUser(c);
  return { id: user.id, email: user.email };
};

const userId = (c: Context<AuthEnv>) => readParams(c, adminUserParamsSchema).userId;

/** The account's billing after a change, as GET /admin/users/:userId/billing answers it. */
async function billingOf(c: Context<AuthEnv>, id: string) {
  const { database, env, clock } = c.get("deps");
  const now = clock();
  const read = await adminReadBilling({ db: database.db, userId: id, now, env });
  return c.json(presentAdminBilling(read, now, env));
}

export const adminSubscriptionsRoutes = new Hono<AuthEnv>()
  .get("/admin/subscriptions", async (c) => {
    const { query, state, cursor } = readQuery(c, adminSubscriptionsQuerySchema);
    const { database, env, clock } = c.get("deps");
    const now = clock();
    const page = await adminListSubscriptions({ db: database.db, now, env, query, state, cursor });
    const answer: AdminSubscriptionsPage = {
      rows: page.rows.map((row) => presentAdminSubscriptionRow(row, now, env)),
      nextCursor: page.nextCursor,
    };
    return c.json(answer);
  })
  .get("/admin/users/:userId/billing", async (c) => billingOf(c, userId(c)))
  .post("/admin/users/:userId/plan-grants", async (c) => {
    // The body first, so that the route fuzzer's bodies reach their parser.
    const body = await readJson(c, adminGrantPlanBodySchema);
    const id = userId(c);
    await adminGrantPlan({
      db: c.get("deps").database.db,
      actor: actorOf(c),
      userId: id,
      tier: body.tier,
      reason: body.reason,
      endsAt: body.endsAt ? new Date(body.endsAt) : null,
      now: c.get("deps").clock(),
    });
    return billingOf(c, id);
  })
  .post("/admin/users/:userId/plan-grants/:grantId/revoke", async (c) => {
    const { userId: id, grantId } = readParams(c, adminPlanGrantParamsSchema);
    await adminRevokePlanGrant({
      db: c.get("deps").database.db,
      actor: actorOf(c),
      userId: id,
      grantId,
      now: c.get("deps").clock(),
    });
    return billingOf(c, id);
  })
  .get("/admin/users/:userId/credits", async (c) => {
    const { before } = readQuery(c, creditsQuerySchema);
    const id = userId(c);
    const db = c.get("deps").database.db;
    const user = await findAdminTarget(db, id);
    const page = await adminLedgerPage(db, user.id, before ? Number(before) : undefined);
    const answer: AdminCreditsPage = {
      entries: page.entries.map(presentAdminCreditEntry),
      nextBefore: page.nextBefore,
    };
    return c.json(answer);
  })
  .post("/admin/users/:userId/credits", async (c) => {
    const body = await readJson(c, adminGrantCreditsBodySchema);
    const id = userId(c);
    await adminGrantCredits({
      db: c.get("deps").database.db,
      actor: actorOf(c),
      userId: id,
      amount: body.amount,
      reason: body.reason,
      idempotencyKey: body.idempotencyKey,
      now: c.get("deps").clock(),
    });
    return billingOf(c, id);
  });
