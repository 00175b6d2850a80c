/** One live event with its figures (issue 17); 404 when there is no such event. */
import { type Db, schema, sql } from "@lumen/db";
import { errors } from "../../errors.ts";
import { type LiveEventWithFigures, readLiveEventRows } from "./live-event-rows.ts";

export async function readLiveEvent(options: {
  db: Db;
  id: string;
  viewerId: string | null;
}): Promise<LiveEventWithFigures> {
  const e = schema.liveEvents;
  const [found] = await readLiveEventRows({
    db: options.db,
    viewerId: options.viewerId,
    where: sql`${e.id} = ${options.id}`,
    orderBy: sql`${e.id}`,
    limit: 1,
  });
  if (!found) throw errors.notFound("This event");
  return found;
}
