/**
 * The live-events calls (issue 17, /v1/live-events and the console's /v1/admin/live-events), each
 * answer checked against the shared contract; a refusal throws the app's ApiError with the
 * server's message.
 */
import {
  type AdminLiveEventsAnswer,
  adminLiveEventsAnswerSchema,
  type LiveEvent,
  type LiveEventBody,
  type LiveEventsAnswer,
  liveEventAnswerSchema,
  liveEventsAnswerSchema,
  type RsvpAnswer,
  rsvpAnswerSchema,
} from "@lumen/contracts";
import { callApi } from "../../../lib/api-call.ts";

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  body: body === undefined ? undefined : JSON.stringify(body),
});

const eventPath = (id: string) => `/v1/live-events/${encodeURIComponent(id)}`;

/** Where an event's calendar file downloads from. */
export const icsUrl = (id: string) => `${eventPath(id)}/event.ics`;

export const eventsApi = {
  list: (): Promise<LiveEventsAnswer> => callApi(liveEventsAnswerSchema, "/v1/live-events"),
  rsvp: (id: string, attending: boolean): Promise<RsvpAnswer> =>
    callApi(rsvpAnswerSchema, `${eventPath(id)}/rsvp`, json(attending ? "PUT" : "DELETE")),
};

export const adminEventsApi = {
  list: (): Promise<AdminLiveEventsAnswer> =>
    callApi(adminLiveEventsAnswerSchema, "/v1/admin/live-events"),
  create: async (body: LiveEventBody): Promise<LiveEvent> =>
    (await callApi(liveEventAnswerSchema, "/v1/admin/live-events", json("POST", body))).event,
  update: async (id: string, body: LiveEventBody): Promise<LiveEvent> =>
    (
      await callApi(
        liveEventAnswerSchema,
        `/v1/admin/live-events/${encodeURIComponent(id)}`,
        json("PUT", body),
      )
    ).event,
  cancel: async (id: string): Promise<LiveEvent> =>
    (
      await callApi(
        liveEventAnswerSchema,
        `/v1/admin/live-events/${encodeURIComponent(id)}/cancel`,
        json("POST"),
      )
    ).event,
};
