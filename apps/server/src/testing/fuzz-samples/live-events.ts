/**
 * Fuzz samples of the live-events routes (issue 17), keyed "METHOD /v1/path" as the app lists
 * them. The admin body is a whole valid event, so that each field is bent in turn.
 */
import type { FuzzSamples } from "./types.ts";

const event = () => ({
  kind: "workshop",
  title: "Loops, live",
  description: "We write **loops** together.",
  startsAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
  endsAt: new Date(Date.now() + 49 * 3_600_000).toISOString(),
  hostName: "Ada",
  joinUrl: "https://meet.example.com/loops",
  recordingUrl: null,
});

export const LIVE_EVENTS_SAMPLES: FuzzSamples = {
  "GET /v1/live-events": {},
  "GET /v1/live-events/:id": {},
  "GET /v1/live-events/:id/event.ics": {},
  "PUT /v1/live-events/:id/rsvp": {},
  "DELETE /v1/live-events/:id/rsvp": {},
  "GET /v1/admin/live-events": {},
  "POST /v1/admin/live-events": { body: event },
  "PUT /v1/admin/live-events/:id": { body: event },
  "POST /v1/admin/live-events/:id/cancel": { body: () => ({ reason: "The host is ill" }) },
};
