/**
 * A learner RSVPs to a live event or takes the RSVP back (PUT and DELETE
 * /v1/live-events/:id/rsvp, issue 17). Saying yes twice keeps the first RSVP (and its reminder
 * state); a cancelled or finished event takes no new RSVPs. Answers the caller's state and the
 * event's attendee count.
 */
import type { RsvpAnswer } from "@lumen/contracts";
import { and, type Db, eq, schema, sql } from "@lumen/db";
import { AppError, errors } from "../../errors.ts";

export interface SetRsvpOptions {
  db: Db;
  eventId: string;
  userId: string;
  attending: boolean;
  now: Date;
}

export async function setRsvp({
  db,
  eventId,
  userId,
  attending,
  now,
}: SetRsvpOptions): Promise<RsvpAnswer> {
  const e = schema.liveEvents;
  const r = schema.eventRsvps;
  const [event] = await db
    .select({ cancelledAt: e.cancelledAt, endsAt: e.endsAt })
    .from(e)
    .where(eq(e.id, eventId));
  if (!event) throw errors.notFound("This event");
  if (attending) {
    if (event.cancelledAt) throw new AppError("conflict", "This event was cancelled.");
    if (event.endsAt <= now) throw new AppError("conflict", "This event is over.");
    await db.insert(r).values({ eventId, userId, createdAt: now }).onConflictDoNothing();
  } else {
    await db.delete(r).where(and(eq(r.eventId, eventId), eq(r.userId, userId)));
  }
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(r)
    .where(eq(r.eventId, eventId));
  return { attending, attendees: Number(count?.n ?? 0) };
}
