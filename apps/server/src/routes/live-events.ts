/**
 * Live events (issue 17): the public list and one event (who RSVPed is never shown, only how
 * many), the learner's RSVP, and an event's .ics download.
 * - GET    /live-events                 → 200 { upcoming, past }
 * - GET    /live-events/:id             → 200 { event } | 404
 * - GET    /live-events/:id/event.ics   → 200 text/calendar | 404
 * - PUT    /live-events/:id/rsvp        → 200 { attending: true, attendees } | 401 | 404 | 409
 * - DELETE /live-events/:id/rsvp        → 200 { attending: false, attendees } | 401 | 404
 */
import {
  type LiveEventAnswer,
  type LiveEventsAnswer,
  liveEventParamsSchema,
} from "@lumen/contracts";
import { type Context, Hono } from "hono";
import { publicOrigin } from "../auth/client-ip.ts";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { listLiveEvents } from "../commands/live-events/list-live-events.ts";
import { liveEventIcs } from "../commands/live-events/live-event-ics.ts";
import { readLiveEvent } from "../commands/live-events/read-live-event.ts";
import { setRsvp } from "../commands/live-events/set-rsvp.ts";
import { readParams } from "../http/validate.ts";
import { presentLiveEvent } from "../presenters/live-events.ts";

const rsvp = (attending: boolean) => async (c: Context<AuthEnv>) => {
  const { id } = readParams(c, liveEventParamsSchema);
  const { database, clock } = c.get("deps");
  const answer = await setRsvp({
    db: database.db,
    eventId: id,
    userId: currentUser(c).id,
    attending,
    now: clock(),
  });
  return c.json(answer);
};

export const liveEventsRoutes = new Hono<AuthEnv>()
  .get("/live-events", async (c) => {
    const { database, clock } = c.get("deps");
    const { upcoming, past } = await listLiveEvents({
      db: database.db,
      viewerId: c.get("user")?.id ?? null,
      now: clock(),
    });
    const answer: LiveEventsAnswer = {
      upcoming: upcoming.map(presentLiveEvent),
      past: past.map(presentLiveEvent),
    };
    return c.json(answer);
  })
  .get("/live-events/:id", async (c) => {
    const { id } = readParams(c, liveEventParamsSchema);
    const found = await readLiveEvent({
      db: c.get("deps").database.db,
      id,
      viewerId: c.get("user")?.id ?? null,
    });
    const answer: LiveEventAnswer = { event: presentLiveEvent(found) };
    return c.json(answer);
  })
  .get("/live-events/:id/event.ics", async (c) => {
    const { id } = readParams(c, liveEventParamsSchema);
    const { database, clock, env } = c.get("deps");
    const { event } = await readLiveEvent({ db: database.db, id, viewerId: null });
    const body = liveEventIcs({
      event,
      origin: publicOrigin(c),
      productName: env.PRODUCT_NAME,
      now: clock(),
    });
    c.header("Content-Type", "text/calendar; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="event-${event.id}.ics"`);
    return c.body(body);
  })
  .put("/live-events/:id/rsvp", requireUser(), rsvp(true))
  .delete("/live-events/:id/rsvp", requireUser(), rsvp(false));
