import type { LiveEvent } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { attendeesText, eventState } from "./event-state.ts";

const event: LiveEvent = {
  id: "e1",
  kind: "workshop",
  title: "Loops",
  description: "",
  startsAt: "2026-12-01T17:00:00.000Z",
  endsAt: "2026-12-01T18:00:00.000Z",
  hostName: null,
  joinUrl: null,
  recordingUrl: null,
  cancelledAt: null,
  attendees: 0,
  attending: false,
};

describe("eventState", () => {
  it("is upcoming, live, then over; cancelled wins", () => {
    expect(eventState(event, new Date("2026-12-01T16:59:00Z"))).toBe("upcoming");
    expect(eventState(event, new Date("2026-12-01T17:00:00Z"))).toBe("live");
    expect(eventState(event, new Date("2026-12-01T18:00:00Z"))).toBe("over");
    expect(eventState({ ...event, cancelledAt: event.startsAt }, new Date(0))).toBe("cancelled");
  });
});

describe("attendeesText", () => {
  it("counts the viewer apart", () => {
    expect(attendeesText(0, false)).toBe("Be the first to RSVP");
    expect(attendeesText(1, false)).toBe("1 going");
    expect(attendeesText(4, false)).toBe("4 going");
    expect(attendeesText(1, true)).toBe("You are going");
    expect(attendeesText(3, true)).toBe("You and 2 more going");
  });
});
