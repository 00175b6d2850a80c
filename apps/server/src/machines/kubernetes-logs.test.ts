import { describe, expect, it } from "vitest";
import { newLogLines, sinceTime, timestampKey } from "./kubernetes-logs.ts";

describe("log timestamps", () => {
  it("pads the fraction so that keys sort as times", () => {
    expect(timestampKey("2026-11-27T10:00:00.5Z")).toBe("2026-11-27T10:00:00.500000000Z");
    expect(timestampKey("2026-11-27T10:00:00Z")).toBe("2026-11-27T10:00:00.000000000Z");
    expect(timestampKey("2026-11-27T10:00:00.51Z")! > timestampKey("2026-11-27T10:00:00.5Z")!).toBe(
      true,
    );
    expect(timestampKey("yesterday")).toBeNull();
  });

  it("asks for the cursor's whole second next", () => {
    expect(sinceTime(null)).toBeUndefined();
    expect(sinceTime({ key: "2026-11-27T10:00:07.250000000Z", texts: [] })).toBe(
      "2026-11-27T10:00:07Z",
    );
  });
});

describe("new lines of a log read again", () => {
  const first = [
    "2026-11-27T10:00:00.100000000Z app ready on port 3000",
    "2026-11-27T10:00:01.5Z GET /api/todos",
    "2026-11-27T10:00:01.5Z GET /api/todos",
    "",
  ].join("\n");

  it("takes every line of the first read, with its time", () => {
    const { lines, cursor } = newLogLines(first, null);
    expect(lines).toEqual([
      { at: "2026-11-27T10:00:00.100Z", text: "app ready on port 3000" },
      { at: "2026-11-27T10:00:01.500Z", text: "GET /api/todos" },
      { at: "2026-11-27T10:00:01.500Z", text: "GET /api/todos" },
    ]);
    expect(cursor).toEqual({
      key: "2026-11-27T10:00:01.500000000Z",
      texts: ["GET /api/todos", "GET /api/todos"],
    });
  });

  it("drops what a read from the same second repeats, even two equal lines at one instant", () => {
    const { cursor } = newLogLines(first, null);
    const again = [
      "2026-11-27T10:00:01.2Z an earlier line of that second",
      "2026-11-27T10:00:01.5Z GET /api/todos",
      "2026-11-27T10:00:01.5Z GET /api/todos",
      "2026-11-27T10:00:01.5Z POST /api/todos",
      "2026-11-27T10:00:02Z saved",
      "",
    ].join("\n");
    const next = newLogLines(again, cursor);
    expect(next.lines.map((l) => l.text)).toEqual(["POST /api/todos", "saved"]);
    expect(next.cursor).toEqual({ key: "2026-11-27T10:00:02.000000000Z", texts: ["saved"] });
    expect(newLogLines(again, next.cursor).lines).toEqual([]);
  });

  it("keeps a line of exactly 4,000 characters at most and strips a carriage return", () => {
    const long = "x".repeat(5_000);
    const { lines } = newLogLines(
      `2026-11-27T10:00:00Z ${long}\n2026-11-27T10:00:01Z ok\r\n`,
      null,
    );
    expect(lines[0]?.text).toHaveLength(4_000);
    expect(lines[1]?.text).toBe("ok");
  });
});
