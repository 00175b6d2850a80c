/**
 * The learner's own account (issue 13): their name, password and address, their stats, the
 * export of their data and deleting the account. Every route needs a user; the ones that could
 * lock a learner out also need their current password (auth/current-password.ts).
 */
import {
  deleteAccountBodySchema,
  emailChangeBodySchema,
  passwordChangeBodySchema,
  profileUpdateBodySchema,
  type SignedIn,
} from "@lumen/contracts";
import { Hono } from "hono";
import { publicOrigin } from "../auth/client-ip.ts";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { presentUser } from "../auth/present-user.ts";
import { changePassword } from "../commands/change-password.ts";
import { deleteAccount } from "../commands/delete-account.ts";
import { exportAccountData } from "../commands/export-account-data.ts";
import { readLearnerStats } from "../commands/read-learner-stats.ts";
import { requestEmailChange } from "../commands/request-email-change.ts";
import { updateProfile } from "../commands/update-profile.ts";
import { readJson } from "../http/validate.ts";
import { presentAccountExport } from "../presenters/account-export.ts";

export const accountRoutes = new Hono<AuthEnv>()
  .patch("/me", requireUser(), async (c) => {
    const { displayName } = await readJson(c, profileUpdateBodySchema);
    const { database, auth } = c.get("deps");
    const user = await updateProfile({
      db: database.db,
      limiter: auth.limiter,
      user: currentUser(c),
      displayName,
    });
    return c.json(presentUser(user));
  })
  .post("/me/password", requireUser(), async (c) => {
    const body = await readJson(c, passwordChangeBodySchema);
    const deps = c.get("deps");
    const { tokens, user } = await changePassword({
      db: deps.database.db,
      keys: await deps.auth.keys(),
      limiter: deps.auth.limiter,
      mailer: deps.auth.mailer,
      user: currentUser(c),
      ...body,
      productName: deps.env.PRODUCT_NAME,
      supportEmail: deps.env.SUPPORT_EMAIL,
      identity: deps.auth.identity,
    });
    c.get("log").info({ userId: user.id }, "password changed; other sessions ended");
    return c.json({ ...tokens, user: presentUser(user) } satisfies SignedIn);
  })
  .post("/me/email", requireUser(), async (c) => {
    const body = await readJson(c, emailChangeBodySchema);
    const deps = c.get("deps");
    const sentTo = await requestEmailChange({
      db: deps.database.db,
      limiter: deps.auth.limiter,
      mailer: deps.auth.mailer,
      user: currentUser(c),
      ...body,
      origin: publicOrigin(c),
      productName: deps.env.PRODUCT_NAME,
      identity: deps.auth.identity,
    });
    return c.json({ sentTo }, 202);
  })
  .delete("/me", requireUser(), async (c) => {
    const body = await readJson(c, deleteAccountBodySchema);
    const { database, auth } = c.get("deps");
    const user = currentUser(c);
    await deleteAccount({
      db: database.db,
      limiter: auth.limiter,
      user,
      ...body,
      identity: auth.identity,
    });
    c.get("log").info({ userId: user.id }, "account deleted");
    return c.body(null, 204);
  })
  .get("/me/stats", requireUser(), async (c) => {
    const { database, catalog, clock } = c.get("deps");
    return c.json(
      await readLearnerStats({ db: database.db, catalog, userId: currentUser(c).id, now: clock() }),
    );
  })
  .get("/me/export", requireUser(), async (c) => {
    const { database, auth, clock } = c.get("deps");
    const data = await exportAccountData({
      db: database.db,
      limiter: auth.limiter,
      user: currentUser(c),
    });
    const now = clock();
    const name = `lumen-data-${now.toISOString().slice(0, 10)}.json`;
    c.header("Content-Disposition", `attachment; filename="${name}"`);
    return c.json(presentAccountExport(data, now));
  });
