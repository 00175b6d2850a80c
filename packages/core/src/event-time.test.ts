import { describe, expect, it } from "vitest";
import { formatEventWhen, isTimeZone } from "./event-time.ts";

const start = new Date("2026-12-01T17:30:00Z");
const end = new Date("2026-12-01T19:00:00Z");

describe("formatEventWhen", () => {
  it("says the day and times in the learner's zone and names the zone", () => {
    expect(formatEventWhen(start, end, "Europe/Berlin")).toEqual({
      text: "Tuesday, 1 December 2026, 18:30–20:00",
      zone: "Europe/Berlin (GMT+1)",
      timeZone: "Europe/Berlin",
    });
  });

  it("moves the day when the zone is past midnight", () => {
    const when = formatEventWhen(start, end, "Asia/Tokyo");
    expect(when.text).toBe("Wednesday, 2 December 2026, 02:30–04:00");
    expect(when.zone).toBe("Asia/Tokyo (GMT+9)");
  });

  it("writes both ends in full when the event spans days there", () => {
    const when = formatEventWhen(start, end, "America/Los_Angeles");
    expect(when.text).toBe("Tuesday, 1 December 2026, 09:30–11:00");
    expect(when.zone).toBe("America/Los Angeles (GMT-8)");
    const long = formatEventWhen(start, new Date("2026-12-03T12:00:00Z"), "UTC");
    expect(long.text).toBe("Tuesday, 1 December 2026, 17:30 – Thursday, 3 December 2026, 12:00");
    expect(long.zone).toBe("UTC");
  });

  it("falls back to UTC for a zone that does not exist", () => {
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(formatEventWhen(start, end, "Mars/Olympus").timeZone).toBe("UTC");
  });
});
