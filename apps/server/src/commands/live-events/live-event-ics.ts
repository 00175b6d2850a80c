/** One live event as an iCalendar file (GET /v1/live-events/:id/event.ics, issue 17). */
import { icsCalendar } from "@lumen/core";
import type { LiveEventRow } from "./live-event-rows.ts";

export function liveEventIcs(options: {
  event: LiveEventRow;
  origin: string;
  productName: string;
  now: Date;
}): string {
  const { event, origin, productName } = options;
  const host = new URL(origin).hostname || "lumen";
  const page = `${origin}/web/events#event-${event.id}`;
  const lines = [
    event.description.trim(),
    event.hostName ? `Host: ${event.hostName}` : "",
    event.joinUrl ? `Join: ${event.joinUrl}` : "",
    `Details: ${page}`,
  ].filter(Boolean);
  return icsCalendar(
    [
      {
        uid: `live-event-${event.id}@${host}`,
        stamp: options.now,
        start: event.startsAt,
        end: event.endsAt,
        summary: event.title,
        description: lines.join("\n\n"),
        url: event.joinUrl ?? page,
        location: event.joinUrl,
        cancelled: event.cancelledAt !== null,
        // Seconds since creation: grows with each edit, so that calendars take the newer copy.
        sequence: Math.max(
          0,
          Math.floor((event.updatedAt.getTime() - event.createdAt.getTime()) / 1000),
        ),
      },
    ],
    { prodId: `-//${productName}//Live events//EN` },
  );
}
