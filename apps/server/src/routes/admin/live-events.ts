/**
 * The console's live events (issue 17): every event, create, edit (a recording link once it is
 * over) and cancel. index.ts puts the admin guard first; every change is audited with it.
 * - GET  /admin/live-events             → 200 { events } (latest start first)
 * - POST /admin/live-events             → 201 { event } | 400
 * - PUT  /admin/live-events/:id         → 200 { event } | 400 | 404
 * - POST /admin/live-events/:id/cancel  → 200 { event } | 404 (body { reason? } or none)
 */
import {
  type AdminLiveEventsAnswer,
  cancelLiveEventBodySchema,
  type LiveEventAnswer,
  liveEventBodySchema,
  liveEventParamsSchema,
} from "@lumen/contracts";
import { schema, sql } from "@lumen/db";
import { type Context, Hono } from "hono";
import { type AuthEnv, currentUser } from "../../auth/middleware.ts";
import { cancelLiveEvent } from "../../commands/live-events/cancel-live-event.ts";
import { createLiveEvent } from "../../commands/live-events/create-live-event.ts";
import { readLiveEventRows } from "../../commands/live-events/live-event-rows.ts";
import { readLiveEvent } from "../../commands/live-events/read-live-event.ts";
import { updateLiveEvent } from "../../commands/live-events/update-live-event.ts";
import { readJson, readParams } from "../../http/validate.ts";
import { presentLiveEvent } from "../../presenters/live-events.ts";

const actorOf = (c: Context<AuthEnv>) => {
  const user = currentUser(c);
  return { id: user.id, email: user.email };
};

/** The event as saved, with its figures. */
async function answerFor(c: Context<AuthEnv>, id: string): Promise<LiveEventAnswer> {
  const found = await readLiveEvent({ db: c.get("deps").database.db, id, viewerId: null });
  return { event: presentLiveEvent(found) };
}

export const adminLiveEventsRoutes = new Hono<AuthEnv>()
  .get("/admin/live-events", async (c) => {
    const rows = await readLiveEventRows({
      db: c.get("deps").database.db,
      orderBy: sql`${schema.liveEvents.startsAt} desc`,
      limit: 500,
    });
    const answer: AdminLiveEventsAnswer = { events: rows.map(presentLiveEvent) };
    return c.json(answer);
  })
  .post("/admin/live-events", async (c) => {
    const body = await readJson(c, liveEventBodySchema);
    const { database, clock } = c.get("deps");
    const row = await createLiveEvent({ db: database.db, actor: actorOf(c), body, now: clock() });
    return c.json(await answerFor(c, row.id), 201);
  })
  .put("/admin/live-events/:id", async (c) => {
    const { id } = readParams(c, liveEventParamsSchema);
    const body = await readJson(c, liveEventBodySchema);
    const { database, clock } = c.get("deps");
    await updateLiveEvent({ db: database.db, actor: actorOf(c), id, body, now: clock() });
    return c.json(await answerFor(c, id));
  })
  .post("/admin/live-events/:id/cancel", async (c) => {
    const { id } = readParams(c, liveEventParamsSchema);
    const body = await readJson(c, cancelLiveEventBodySchema);
    const { database, clock } = c.get("deps");
    await cancelLiveEvent({
      db: database.db,
      actor: actorOf(c),
      id,
      reason: body?.reason,
      now: clock(),
    });
    return c.json(await answerFor(c, id));
  });
