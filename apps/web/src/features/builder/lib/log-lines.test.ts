import type { MachineLogLine } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import {
  LOG_LINE_CAP,
  lastSeq,
  logSocketAddress,
  logsAsText,
  mergeLogLines,
  reconnectDelay,
} from "./log-lines.ts";

const line = (
  seq: number,
  text = `line ${seq}`,
  stream: MachineLogLine["stream"] = "stdout",
): MachineLogLine => ({ seq, at: "2025-01-01T00:00:00.000Z", stream, text });
const seqs = (lines: readonly MachineLogLine[]) => lines.map((l) => l.seq);

describe("mergeLogLines", () => {
  it("appends new lines after the ones held", () => {
    const { lines, dropped } = mergeLogLines([line(1), line(2)], [line(3), line(4)]);
    expect(seqs(lines)).toEqual([1, 2, 3, 4]);
    expect(dropped).toBe(0);
  });

  it("starts from nothing", () => {
    expect(seqs(mergeLogLines([], [line(7), line(8)]).lines)).toEqual([7, 8]);
  });

  it("keeps each seq once when a reconnect sends lines already held", () => {
    const held = [line(1), line(2), line(3)];
    const { lines } = mergeLogLines(held, [line(2), line(3), line(4), line(5)]);
    expect(seqs(lines)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps the line held first when the same seq comes again", () => {
    const { lines } = mergeLogLines([line(1, "first")], [line(1, "again"), line(2)]);
    expect(lines.map((l) => l.text)).toEqual(["first", "line 2"]);
  });

  it("puts lines that arrive out of order in seq order", () => {
    const { lines } = mergeLogLines([line(1), line(4)], [line(3), line(2), line(6), line(5)]);
    expect(seqs(lines)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("removes doubles inside one batch", () => {
    expect(seqs(mergeLogLines([], [line(1), line(1), line(2)]).lines)).toEqual([1, 2]);
  });

  it("loses no line over a drop and a reconnect after the last seq", () => {
    // The socket sent 1–3, dropped; the reconnect asks after=3 and gets 4–6.
    const before = mergeLogLines([], [line(1), line(2), line(3)]).lines;
    const after = mergeLogLines(before, [line(4), line(5), line(6)]).lines;
    expect(seqs(after)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("keeps the newest lines within the cap and says how many went", () => {
    const held = Array.from({ length: 4 }, (_, i) => line(i + 1));
    const { lines, dropped } = mergeLogLines(held, [line(5), line(6), line(7)], 5);
    expect(seqs(lines)).toEqual([3, 4, 5, 6, 7]);
    expect(dropped).toBe(2);
  });

  it("caps at 5,000 lines by default", () => {
    const many = Array.from({ length: LOG_LINE_CAP + 10 }, (_, i) => line(i + 1));
    const { lines, dropped } = mergeLogLines([], many);
    expect(LOG_LINE_CAP).toBe(5_000);
    expect(lines).toHaveLength(5_000);
    expect(lines[0]?.seq).toBe(11);
    expect(dropped).toBe(10);
  });

  it("does not change the lines it was given", () => {
    const held = [line(1), line(3)];
    mergeLogLines(held, [line(2)]);
    expect(seqs(held)).toEqual([1, 3]);
  });
});

describe("lastSeq", () => {
  it("is the newest seq held, 0 for none", () => {
    expect(lastSeq([])).toBe(0);
    expect(lastSeq([line(4), line(9)])).toBe(9);
  });
});

describe("logSocketAddress", () => {
  const path = "/v1/machines/0b5c/logs/stream?ticket=a%2Bb";

  it("is ws: on an http page and wss: on an https page, on the page's origin", () => {
    expect(logSocketAddress(path, "http://localhost:3000/web/build/machines/0b5c", 0)).toBe(
      "ws://localhost:3000/v1/machines/0b5c/logs/stream?ticket=a%2Bb&after=0",
    );
    expect(logSocketAddress(path, "https://app.lumen.dev/web/instance/1", 42)).toBe(
      "wss://app.lumen.dev/v1/machines/0b5c/logs/stream?ticket=a%2Bb&after=42",
    );
  });

  it("never asks after a negative or fractional seq", () => {
    expect(logSocketAddress(path, "http://x.test/", -3)).toContain("after=0");
    expect(logSocketAddress(path, "http://x.test/", 5.7)).toContain("after=5");
  });
});

describe("reconnectDelay", () => {
  it("doubles from 1 s to at most 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(reconnectDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe("logsAsText", () => {
  it("is one line each, with stderr and system lines marked", () => {
    expect(
      logsAsText([
        line(1, "listening on 5173"),
        line(2, "TypeError: x is undefined", "stderr"),
        line(3, "stopped: idle", "system"),
      ]),
    ).toBe("listening on 5173\n[stderr] TypeError: x is undefined\n[system] stopped: idle");
  });
});
