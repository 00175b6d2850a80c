/**
 * Shared code (issue 17): /v1/shares, a snapshot of a project's or a lesson's files by code.
 * The schemas and the list of calls are in packages/contracts/src/shares.ts. Reading a share and
 * its preview image are public; the rest needs a signed-in learner and touches only their own.
 */
import { createShareBodySchema, shareCodeParamsSchema } from "@lumen/contracts";
import { Hono } from "hono";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { createShare } from "../commands/shares/create-share.ts";
import { duplicateShare } from "../commands/shares/duplicate-share.ts";
import { listMyShares } from "../commands/shares/list-my-shares.ts";
import { readShare } from "../commands/shares/read-share.ts";
import { readSharePreview } from "../commands/shares/read-share-preview.ts";
import { unshare } from "../commands/shares/unshare.ts";
import { readJson, readParams } from "../http/validate.ts";
import { presentMyShare } from "../presenters/shares.ts";

export const sharesRoutes = new Hono<AuthEnv>()
  .post("/shares", requireUser(), async (c) => {
    const body = await readJson(c, createShareBodySchema);
    const { catalog, database, env, clock } = c.get("deps");
    const row = await createShare({
      db: database.db,
      catalog,
      user: currentUser(c),
      body,
      now: clock(),
      env,
    });
    return c.json({ share: presentMyShare(row) }, 201);
  })
  .get("/shares/mine", requireUser(), async (c) => {
    const rows = await listMyShares({ db: c.get("deps").database.db, userId: currentUser(c).id });
    c.header("Cache-Control", "private, no-store");
    return c.json({ shares: rows.map(presentMyShare) });
  })
  .get("/shares/:code", async (c) => {
    const { code } = readParams(c, shareCodeParamsSchema);
    const share = await readShare({
      db: c.get("deps").database.db,
      code,
      viewerId: c.get("user")?.id,
    });
    // Unsharing must take effect at once: no cache keeps a copy.
    c.header("Cache-Control", "no-store");
    return c.json(share);
  })
  .get("/shares/:code/preview.png", async (c) => {
    const { code } = readParams(c, shareCodeParamsSchema);
    const { database, env } = c.get("deps");
    const png = await readSharePreview({ db: database.db, code, productName: env.PRODUCT_NAME });
    c.header("Content-Type", "image/png");
    // Short: an unshared link's image must stop showing its code soon after.
    c.header("Cache-Control", "public, max-age=300");
    return c.body(new Uint8Array(png));
  })
  .delete("/shares/:code", requireUser(), async (c) => {
    const { code } = readParams(c, shareCodeParamsSchema);
    const { database, clock } = c.get("deps");
    await unshare({ db: database.db, userId: currentUser(c).id, code, at: clock() });
    return c.body(null, 204);
  })
  .post("/shares/:code/duplicate", requireUser(), async (c) => {
    const { code } = readParams(c, shareCodeParamsSchema);
    const { database, clock } = c.get("deps");
    const created = await duplicateShare({
      db: database.db,
      userId: currentUser(c).id,
      code,
      at: clock(),
    });
    return c.json(created, 201);
  });
