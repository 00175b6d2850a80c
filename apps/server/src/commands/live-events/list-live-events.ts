/**
 * The events page's list (GET /v1/live-events, issue 17): upcoming events (those not over yet,
 * soonest first) and past ones (latest first), cancelled ones included and marked.
 */
import { type Db, schema, sql } from "@lumen/db";
import { type LiveEventWithFigures, readLiveEventRows } from "./live-event-rows.ts";

export const UPCOMING_LIMIT = 100;
export const PAST_LIMIT = 30;

export async function listLiveEvents(options: {
  db: Db;
  viewerId: string | null;
  now: Date;
}): Promise<{ upcoming: LiveEventWithFigures[]; past: LiveEventWithFigures[] }> {
  const { db, viewerId, now } = options;
  const e = schema.liveEvents;
  const [upcoming, past] = [
    await readLiveEventRows({
      db,
      viewerId,
      where: sql`${e.endsAt} > ${now}`,
      orderBy: sql`${e.startsAt} asc, ${e.id} asc`,
      limit: UPCOMING_LIMIT,
    }),
    await readLiveEventRows({
      db,
      viewerId,
      where: sql`${e.endsAt} <= ${now}`,
      orderBy: sql`${e.startsAt} desc, ${e.id} asc`,
      limit: PAST_LIMIT,
    }),
  ];
  return { upcoming, past };
}
