import type { LiveEvent } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { bodyOf, formErrors, formValuesOf, toLocalInput } from "./form-values.ts";

const event: LiveEvent = {
  id: "e1",
  kind: "study_group",
  title: "Loops",
  description: "Hi",
  startsAt: "2026-12-01T17:00:00.000Z",
  endsAt: "2026-12-01T18:30:00.000Z",
  hostName: null,
  joinUrl: "https://meet.example.com/x",
  recordingUrl: null,
  cancelledAt: null,
  attendees: 2,
  attending: false,
};

describe("the event form's values", () => {
  it("round-trips an event through the fields", () => {
    const values = formValuesOf(event);
    expect(values.startsAt).toBe(toLocalInput(event.startsAt));
    expect(bodyOf(values)).toEqual({
      kind: "study_group",
      title: "Loops",
      description: "Hi",
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      hostName: null,
      joinUrl: "https://meet.example.com/x",
      recordingUrl: null,
    });
    expect(formErrors(values)).toEqual({});
  });

  it("says what is wrong: no title, the end before the start, links that are not http(s)", () => {
    const values = {
      ...formValuesOf(event),
      title: " ",
      endsAt: toLocalInput("2026-12-01T16:00:00.000Z"),
      joinUrl: "javascript:alert(1)",
      recordingUrl: "ftp://example.com",
    };
    expect(formErrors(values)).toEqual({
      title: "Give the event a title.",
      endsAt: "The end must be after the start.",
      joinUrl: "An http:// or https:// address.",
      recordingUrl: "An http:// or https:// address.",
    });
  });

  it("starts a new event a week ahead, for an hour", () => {
    const values = formValuesOf(null, new Date("2026-12-01T10:20:00Z"));
    expect(bodyOf({ ...values, title: "x" })).toMatchObject({
      startsAt: "2026-12-08T11:00:00.000Z",
      endsAt: "2026-12-08T12:00:00.000Z",
    });
  });
});
