/**
 * The console's moderation (issue 17): reports, hide and restore, bans from posting. index.ts puts
 * the admin guard first; every change writes the audit log with it.
 * - GET    /admin/moderation → { open, hidden, bans }
 * - POST   /admin/moderation/hide|restore|dismiss with { targetKind, targetId, note? } → 200 / 404
 * - POST   /admin/moderation/bans with { userId, reason, until? } → 204
 * - DELETE /admin/moderation/bans/:userId → 204 (404 when not banned)
 */
import {
  type ModerationQueue,
  moderationActionBodySchema,
  moderationBanBodySchema,
  moderationBanParamsSchema,
} from "@lumen/contracts";
import { type Context, Hono } from "hono";
import { type AuthEnv, currentUser } from "../../auth/middleware.ts";
import { banFromPosting } from "../../commands/moderation/ban-from-posting.ts";
import { dismissReports } from "../../commands/moderation/dismiss-reports.ts";
import { liftPostingBan } from "../../commands/moderation/lift-posting-ban.ts";
import { listModerationQueue } from "../../commands/moderation/list-moderation-queue.ts";
import { setContentHidden } from "../../commands/moderation/set-content-hidden.ts";
import { readJson, readParams } from "../../http/validate.ts";

const actorOf = (c: Context<AuthEnv>) => {
  const user = currentUser(c);
  return { id: user.id, email: user.email };
};

const hideOrRestore = (hidden: boolean) => async (c: Context<AuthEnv>) => {
  const body = await readJson(c, moderationActionBodySchema);
  const { database, clock } = c.get("deps");
  const answer = await setContentHidden({
    db: database.db,
    actor: actorOf(c),
    ...body,
    hidden,
    now: clock(),
  });
  return c.json(answer);
};

export const adminModerationRoutes = new Hono<AuthEnv>()
  .get("/admin/moderation", async (c) => {
    const { database, clock } = c.get("deps");
    const answer: ModerationQueue = await listModerationQueue({ db: database.db, now: clock() });
    return c.json(answer);
  })
  .post("/admin/moderation/hide", hideOrRestore(true))
  .post("/admin/moderation/restore", hideOrRestore(false))
  .post("/admin/moderation/dismiss", async (c) => {
    const body = await readJson(c, moderationActionBodySchema);
    const { database, clock } = c.get("deps");
    const answer = await dismissReports({
      db: database.db,
      actor: actorOf(c),
      ...body,
      now: clock(),
    });
    return c.json(answer);
  })
  .post("/admin/moderation/bans", async (c) => {
    const { userId, reason, until } = await readJson(c, moderationBanBodySchema);
    const { database, clock } = c.get("deps");
    await banFromPosting({
      db: database.db,
      actor: actorOf(c),
      userId,
      reason,
      until: until ? new Date(until) : null,
      now: clock(),
    });
    return c.body(null, 204);
  })
  .delete("/admin/moderation/bans/:userId", async (c) => {
    const { userId } = readParams(c, moderationBanParamsSchema);
    await liftPostingBan({ db: c.get("deps").database.db, actor: actorOf(c), userId });
    return c.body(null, 204);
  });
