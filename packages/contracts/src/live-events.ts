/**
 * Issue 17: the live-events API's request and answer schemas. Learners read /v1/live-events, RSVP
 * and download an event's .ics; admins create, edit and cancel events under /v1/admin/live-events.
 */
import { z } from "./zod.ts";

export const LIVE_EVENT_KINDS = ["workshop", "study_group", "challenge"] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

export const LIVE_EVENT_KIND_LABELS: Record<LiveEventKind, string> = {
  workshop: "Workshop",
  study_group: "Study group",
  challenge: "Challenge",
};

export const LIVE_EVENT_LIMITS = {
  title: 200,
  description: 10_000,
  hostName: 120,
  url: 2_000,
  /** The longest an event may last: a week-long challenge. */
  maxDurationMs: 14 * 24 * 3_600_000,
} as const;

const datetime = z.iso.datetime({ offset: true });

/** An address learners open: http or https only, never javascript: or data:. */
const webUrl = z.string().check(
  z.trim(),
  z.maxLength(LIVE_EVENT_LIMITS.url),
  z.refine((value) => isWebUrl(value), "Expected an http or https address"),
);

export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Empty text means "none": the console's cleared field. */
const optionalUrl = z.optional(z.nullable(z.union([z.literal(""), webUrl])));

export const liveEventSchema = z.object({
  id: z.string(),
  kind: z.enum(LIVE_EVENT_KINDS),
  title: z.string(),
  /** Markdown, drawn sanitised. */
  description: z.string(),
  startsAt: datetime,
  endsAt: datetime,
  hostName: z.nullable(z.string()),
  joinUrl: z.nullable(z.string()),
  recordingUrl: z.nullable(z.string()),
  cancelledAt: z.nullable(datetime),
  attendees: z.number(),
  /** Whether the caller RSVPed (false when signed out). */
  attending: z.boolean(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** `GET /v1/live-events`: upcoming (soonest first, still running included) and past (latest first). */
export const liveEventsAnswerSchema = z.object({
  upcoming: z.array(liveEventSchema),
  past: z.array(liveEventSchema),
});
export type LiveEventsAnswer = z.infer<typeof liveEventsAnswerSchema>;

/** `PUT` and `DELETE /v1/live-events/:id/rsvp`. */
export const rsvpAnswerSchema = z.object({ attending: z.boolean(), attendees: z.number() });
export type RsvpAnswer = z.infer<typeof rsvpAnswerSchema>;

const uuid = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));

export const liveEventParamsSchema = z.object({ id: uuid });

/** `POST /v1/admin/live-events` and `PUT /v1/admin/live-events/:id`: the whole event. */
export const liveEventBodySchema = z
  .object({
    kind: z.enum(LIVE_EVENT_KINDS),
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIVE_EVENT_LIMITS.title)),
    description: z.string().check(z.maxLength(LIVE_EVENT_LIMITS.description)),
    startsAt: datetime,
    endsAt: datetime,
    hostName: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(120)))),
    joinUrl: optionalUrl,
    recordingUrl: optionalUrl,
  })
  .check(
    z.refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
      message: "The end must be after the start",
      path: ["endsAt"],
    }),
    z.refine(
      (body) =>
        Date.parse(body.endsAt) - Date.parse(body.startsAt) <= LIVE_EVENT_LIMITS.maxDurationMs,
      { message: "An event lasts at most 14 days", path: ["endsAt"] },
    ),
  );
export type LiveEventBody = z.infer<typeof liveEventBodySchema>;

/** `GET /v1/admin/live-events`: every event, latest start first, cancelled ones included. */
export const adminLiveEventsAnswerSchema = z.object({ events: z.array(liveEventSchema) });
export type AdminLiveEventsAnswer = z.infer<typeof adminLiveEventsAnswerSchema>;

/** One event: `GET /v1/live-events/:id` and the console's create, edit and cancel answers. */
export const liveEventAnswerSchema = z.object({ event: liveEventSchema });
export type LiveEventAnswer = z.infer<typeof liveEventAnswerSchema>;

/** `POST /v1/admin/live-events/:id/cancel`: a reason for the audit log, or no body at all. */
export const cancelLiveEventBodySchema = z.optional(
  z.object({ reason: z.optional(z.string().check(z.maxLength(500))) }),
);

/** The audit log's actions of this area. */
export const LIVE_EVENT_AUDIT_ACTIONS = [
  "live_event.create",
  "live_event.update",
  "live_event.cancel",
] as const;
