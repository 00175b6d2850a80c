import { describe, expect, it } from "vitest";
import { addDays, dateRange, daysBetween, localDate, startOfLocalDay } from "./local-date.ts";

describe("localDate", () => {
  it("gives the learner's own date, not the server's", () => {
    const instant = new Date("2024-06-01T23:30:00Z");
    expect(localDate(instant, "UTC")).toBe("2024-06-01");
    expect(localDate(instant, "Europe/Berlin")).toBe("2024-06-02");
    expect(localDate(instant, "America/Los_Angeles")).toBe("2024-06-01");
    expect(localDate(instant, "Pacific/Kiritimati")).toBe("2024-06-02");
  });

  it("puts one minute before and after local midnight on different days", () => {
    expect(localDate(new Date("2024-01-14T22:59:00Z"), "Europe/Berlin")).toBe("2024-01-14");
    expect(localDate(new Date("2024-01-14T23:00:00Z"), "Europe/Berlin")).toBe("2024-01-15");
  });

  it("follows daylight-saving changes", () => {
    // Berlin springs forward on 2024-03-31 at 02:00 and falls back on 2024-10-27 at 03:00.
    expect(localDate(new Date("2024-03-30T22:59:00Z"), "Europe/Berlin")).toBe("2024-03-30");
    expect(localDate(new Date("2024-03-30T23:00:00Z"), "Europe/Berlin")).toBe("2024-03-31");
    expect(localDate(new Date("2024-03-31T21:59:00Z"), "Europe/Berlin")).toBe("2024-03-31");
    expect(localDate(new Date("2024-03-31T22:00:00Z"), "Europe/Berlin")).toBe("2024-04-01");
    expect(localDate(new Date("2024-10-27T22:59:00Z"), "Europe/Berlin")).toBe("2024-10-27");
    expect(localDate(new Date("2024-10-27T23:00:00Z"), "Europe/Berlin")).toBe("2024-10-28");
  });
});

describe("date arithmetic", () => {
  it("knows leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-02-29", 1)).toBe("2024-03-01");
    expect(addDays("2023-02-28", 1)).toBe("2023-03-01");
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
    expect(daysBetween("2023-02-28", "2023-03-01")).toBe(1);
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });

  it("lists a range with both ends", () => {
    expect(dateRange("2024-02-27", "2024-03-01")).toEqual([
      "2024-02-27",
      "2024-02-28",
      "2024-02-29",
      "2024-03-01",
    ]);
    expect(dateRange("2024-03-02", "2024-03-01")).toEqual([]);
  });
});

describe("startOfLocalDay", () => {
  it("is local midnight", () => {
    expect(startOfLocalDay("2024-06-02", "Europe/Berlin").toISOString()).toBe(
      "2024-06-01T22:00:00.000Z",
    );
    expect(startOfLocalDay("2024-01-15", "Asia/Kolkata").toISOString()).toBe(
      "2024-01-14T18:30:00.000Z",
    );
  });

  it("is the first instant of the day where a clock change skips midnight", () => {
    // Chile springs forward at midnight on 2024-09-08: the day starts at 01:00 local (04:00Z).
    expect(startOfLocalDay("2024-09-08", "America/Santiago").toISOString()).toBe(
      "2024-09-08T04:00:00.000Z",
    );
  });
});
