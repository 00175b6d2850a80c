/** Shapes live events for the API (issue 17): rows never leave the server as they are. */
import type { LiveEvent, LiveEventKind } from "@lumen/contracts";
import type { LiveEventWithFigures } from "../commands/live-events/live-event-rows.ts";

export function presentLiveEvent({ event, attendees, attending }: LiveEventWithFigures): LiveEvent {
  return {
    id: event.id,
    kind: event.kind as LiveEventKind,
    title: event.title,
    description: event.description,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    hostName: event.hostName,
    joinUrl: event.joinUrl,
    recordingUrl: event.recordingUrl,
    cancelledAt: event.cancelledAt?.toISOString() ?? null,
    attendees,
    attending,
  };
}
