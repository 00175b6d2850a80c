/**
 * The one read of live events with their figures (issue 17): each row with its attendee count and
 * whether the viewer RSVPed. The list, one event and the console all read through here.
 */
import { type Db, schema, sql } from "@lumen/db";
import type { SQL } from "drizzle-orm";

export type LiveEventRow = typeof schema.liveEvents.$inferSelect;

export interface LiveEventWithFigures {
  event: LiveEventRow;
  attendees: number;
  attending: boolean;
}

export async function readLiveEventRows(options: {
  db: Db;
  viewerId?: string | null;
  where?: SQL;
  orderBy: SQL;
  limit: number;
}): Promise<LiveEventWithFigures[]> {
  const { db, viewerId } = options;
  const e = schema.liveEvents;
  const r = schema.eventRsvps;
  const rows = await db
    .select({
      event: e,
      attendees: sql<number>`(select count(*)::int from ${r} where ${r.eventId} = ${e.id})`,
      attending: viewerId
        ? sql<boolean>`exists (select 1 from ${r} where ${r.eventId} = ${e.id} and ${r.userId} = ${viewerId})`
        : sql<boolean>`false`,
    })
    .from(e)
    .where(options.where)
    .orderBy(options.orderBy)
    .limit(options.limit);
  return rows.map((row) => ({
    event: row.event,
    attendees: Number(row.attendees),
    attending: Boolean(row.attending),
  }));
}
