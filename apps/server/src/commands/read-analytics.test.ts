import { describe, expect, it } from "vitest";
import { analyticsRange, bucketStreaks } from "./read-analytics.ts";
import { funnelStepBit, trackOf } from "./roll-up-analytics.ts";

const now = new Date("2026-03-10T15:00:00Z");

describe("the analytics range", () => {
  it("defaults to the 28 days up to today, both ends included", () => {
    expect(analyticsRange(now)).toEqual({ from: "2026-02-11", to: "2026-03-10", days: 28 });
    expect(analyticsRange(now, "2026-03-01", "2026-03-01")).toEqual({
      from: "2026-03-01",
      to: "2026-03-01",
      days: 1,
    });
  });

  it("refuses a reversed range, a longer one than 366 days and an impossible date", () => {
    expect(() => analyticsRange(now, "2026-03-02", "2026-03-01")).toThrow(
      "from must not be after to.",
    );
    expect(() => analyticsRange(now, "2024-01-01", "2026-01-01")).toThrow("at most 366 days");
    expect(() => analyticsRange(now, "2026-13-45", "2026-03-01")).toThrow("real dates");
    expect(() => analyticsRange(now, "2026-02-01", "2026-02-30")).toThrow("real dates");
  });
});

describe("streak buckets", () => {
  it("puts each length in the bucket of its lower bound", () => {
    const buckets = bucketStreaks([
      { length: 0, learners: 5 },
      { length: 1, learners: 2 },
      { length: 6, learners: 1 },
      { length: 7, learners: 3 },
      { length: 250, learners: 1 },
    ]);
    expect(buckets).toEqual([
      { from: 0, learners: 5 },
      { from: 1, learners: 2 },
      { from: 2, learners: 0 },
      { from: 3, learners: 1 },
      { from: 7, learners: 3 },
      { from: 14, learners: 0 },
      { from: 30, learners: 0 },
      { from: 100, learners: 1 },
    ]);
  });
});

describe("the track of an event", () => {
  it("reads trackId as a number or digits, else 0", () => {
    expect(trackOf({ trackId: 3 })).toBe(3);
    expect(trackOf({ trackId: "12" })).toBe(12);
    expect(trackOf({ trackId: "x" })).toBe(0);
    expect(trackOf({ trackId: 1.5 })).toBe(0);
    expect(trackOf({})).toBe(0);
  });
});

describe("the funnel step of an event", () => {
  it("is bit i for step i of the funnel, and no bit for other names", () => {
    expect(
      ["open_lesson", "submit_code", "finish_lesson", "finish_chapter"].map(funnelStepBit),
    ).toEqual([1, 2, 4, 8]);
    expect(funnelStepBit("pageview")).toBe(0);
    expect(funnelStepBit("finish_tutorial")).toBe(0);
  });
});
