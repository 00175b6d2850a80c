import { describe, expect, it } from "vitest";
import { escapeIcsText, foldIcsLine, icsCalendar, icsDateTime } from "./ical.ts";

const event = {
  uid: "3f1c@lumen.example",
  stamp: new Date("2026-11-26T10:00:00.123Z"),
  start: new Date("2026-12-01T17:30:00Z"),
  end: new Date("2026-12-01T19:00:00Z"),
  summary: "Python, loops; and more",
  description: "Line one\nLine two \\ done",
  url: "https://lumen.example/web/events/3f1c",
};

describe("icsDateTime", () => {
  it("writes UTC without separators or milliseconds", () => {
    expect(icsDateTime(new Date("2026-12-01T17:30:05.999Z"))).toBe("20261201T173005Z");
  });
});

describe("escapeIcsText", () => {
  it("escapes backslash, semicolon, comma and newlines, and drops control characters", () => {
    expect(escapeIcsText("a\\b;c,d\r\ne\nf\u0007")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });
});

describe("foldIcsLine", () => {
  it("keeps lines of 75 octets whole and folds longer ones", () => {
    expect(foldIcsLine("x".repeat(75))).toBe("x".repeat(75));
    const folded = foldIcsLine(`DESCRIPTION:${"y".repeat(200)}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBe(3);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(lines.map((line, i) => (i ? line.slice(1) : line)).join("")).toBe(
      `DESCRIPTION:${"y".repeat(200)}`,
    );
  });

  it("never splits a multi-byte character", () => {
    const text = `SUMMARY:${"é".repeat(60)}🎉${"ü".repeat(40)}`;
    const lines = foldIcsLine(text).split("\r\n");
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.map((line, i) => (i ? line.slice(1) : line)).join("")).toBe(text);
  });
});

describe("icsCalendar", () => {
  it("writes one VEVENT with the required properties, CRLF line ends", () => {
    const ics = icsCalendar([event], { prodId: "-//Lumen//Events//EN" });
    expect(ics.endsWith("\r\n")).toBe(true);
    const lines = ics.trimEnd().split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("BEGIN:VEVENT");
    expect(lines).toContain("UID:3f1c@lumen.example");
    expect(lines).toContain("DTSTAMP:20261126T100000Z");
    expect(lines).toContain("DTSTART:20261201T173000Z");
    expect(lines).toContain("DTEND:20261201T190000Z");
    expect(lines).toContain("SUMMARY:Python\\, loops\\; and more");
    expect(lines).toContain("DESCRIPTION:Line one\\nLine two \\\\ done");
    expect(lines).toContain("URL:https://lumen.example/web/events/3f1c");
    expect(lines).toContain("STATUS:CONFIRMED");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
  });

  it("marks a cancelled event", () => {
    const ics = icsCalendar([{ ...event, cancelled: true, sequence: 2 }], { prodId: "x" });
    expect(ics).toContain("STATUS:CANCELLED\r\n");
    expect(ics).toContain("SEQUENCE:2\r\n");
  });
});
