import { describe, expect, it } from "vitest";
import { conversionStats, wilsonInterval, Z_95 } from "./experiment-stats.ts";

const rounded = (interval: { low: number; high: number } | null) =>
  interval && [Number(interval.low.toFixed(4)), Number(interval.high.toFixed(4))];

describe("wilsonInterval (95 %, no continuity correction)", () => {
  // Newcombe, R. G. (1998). Two-sided confidence intervals for the single proportion: comparison
  // of seven methods. Statistics in Medicine 17, 857–872, Table II, method 3 (Wilson score).
  it.each([
    [81, 263, [0.2553, 0.3662]],
    [15, 148, [0.0624, 0.1605]],
    [0, 20, [0, 0.1611]],
    [1, 29, [0.0061, 0.1718]],
    [29, 29, [0.883, 1]],
  ] as const)("%i of %i gives Newcombe's published interval %j", (x, n, expected) => {
    expect(rounded(wilsonInterval(x, n))).toEqual(expected);
  });

  it("is symmetric around one half: 5 of 10 is 0.2366–0.7634", () => {
    expect(rounded(wilsonInterval(5, 10))).toEqual([0.2366, 0.7634]);
    const a = wilsonInterval(3, 10);
    const b = wilsonInterval(7, 10);
    expect(a?.low).toBeCloseTo(1 - (b?.high ?? 0), 12);
  });

  it("uses z = 1.95996…, the 97.5th percentile of the normal distribution", () => {
    expect(Z_95).toBeCloseTo(1.96, 3);
  });

  it("stays within [0, 1] and contains the observed rate", () => {
    for (const n of [1, 2, 7, 50, 1000]) {
      for (let x = 0; x <= n; x += Math.max(1, Math.floor(n / 7))) {
        const interval = wilsonInterval(x, n);
        expect(interval).not.toBeNull();
        expect(interval!.low).toBeGreaterThanOrEqual(0);
        expect(interval!.high).toBeLessThanOrEqual(1);
        expect(interval!.low).toBeLessThanOrEqual(x / n);
        expect(interval!.high).toBeGreaterThanOrEqual(x / n);
      }
    }
  });

  it("narrows as the sample grows", () => {
    const small = wilsonInterval(10, 100)!;
    const large = wilsonInterval(1000, 10_000)!;
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
  });

  it("knows nothing without trials, and refuses impossible counts", () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 2)).toThrow(RangeError);
  });
});

describe("conversionStats", () => {
  it("gives the rate and its interval", () => {
    const stats = conversionStats(263, 81);
    expect(stats.rate).toBeCloseTo(0.308, 3);
    expect(rounded(stats.interval)).toEqual([0.2553, 0.3662]);
  });

  it("has no rate and no interval with nobody exposed", () => {
    expect(conversionStats(0, 0)).toEqual({
      exposed: 0,
      conversions: 0,
      rate: null,
      interval: null,
    });
  });
});
