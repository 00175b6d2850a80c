import { describe, expect, it } from "vitest";
import { measureRuns, median } from "./measure.ts";

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("measureRuns", () => {
  it("times each run with the given clock and keeps the last answer", async () => {
    const ticks = [0, 4, 10, 12, 20, 29];
    let i = 0;
    let calls = 0;
    const { measurement, last } = await measureRuns(
      3,
      async () => ++calls,
      () => ticks[i++]!,
    );
    expect(measurement).toEqual({ runs: 3, pauseMs: 0, medianMs: 4, minMs: 2, maxMs: 9 });
    expect(last).toBe(3);
  });

  it("leaves the pause out of the timed part", async () => {
    const ticks = [0, 3, 100, 105];
    let i = 0;
    const { measurement } = await measureRuns(
      2,
      async () => 1,
      () => ticks[i++]!,
      1,
    );
    expect(measurement).toMatchObject({ runs: 2, pauseMs: 1, minMs: 3, maxMs: 5 });
  });

  it("refuses to measure nothing", async () => {
    await expect(measureRuns(0, async () => 1)).rejects.toThrow("at least one run");
  });
});
