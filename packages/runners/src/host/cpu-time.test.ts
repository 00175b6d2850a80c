import { describe, expect, it } from "vitest";
import { MIN_EXTENSION_MS, STARVED_WALL_CAP, starvedRemainingMs } from "./cpu-time.ts";

describe("starvedRemainingMs", () => {
  it("never ends a run before its wall-clock limit", () => {
    expect(starvedRemainingMs({ limitMs: 5_000, wallMs: 1_000, cpuMs: 4_900 })).toBe(4_000);
    // Two busy threads use CPU faster than the clock runs: still the wall clock's 5 s.
    expect(starvedRemainingMs({ limitMs: 5_000, wallMs: 4_000, cpuMs: 8_000 })).toBe(1_000);
  });

  it("ends a run that used its limit in CPU once the wall-clock limit is out", () => {
    expect(starvedRemainingMs({ limitMs: 5_000, wallMs: 5_000, cpuMs: 5_000 })).toBe(0);
    expect(starvedRemainingMs({ limitMs: 5_000, wallMs: 6_000, cpuMs: 5_200 })).toBe(0);
  });

  it("goes on for the CPU time a starved run did not get", () => {
    // 5 s by the clock, but the process had 0.8 s of CPU: 4.2 s more.
    expect(starvedRemainingMs({ limitMs: 5_000, wallMs: 5_000, cpuMs: 800 })).toBe(4_200);
    // Nearly used up: at least the smallest step.
    expect(starvedRemainingMs({ limitMs: 5_000, wallMs: 5_000, cpuMs: 4_999 })).toBe(
      MIN_EXTENSION_MS,
    );
  });

  it("stops at the cap however starved the run is (an endless loop on a loaded machine)", () => {
    expect(STARVED_WALL_CAP).toBe(3);
    expect(starvedRemainingMs({ limitMs: 5_000, wallMs: 14_000, cpuMs: 100 })).toBe(1_000);
    expect(starvedRemainingMs({ limitMs: 5_000, wallMs: 15_000, cpuMs: 100 })).toBe(0);
  });

  it("is the wall clock alone where there is no CPU clock (browsers)", () => {
    expect(starvedRemainingMs({ limitMs: 1_000, wallMs: 1_000, cpuMs: undefined })).toBe(0);
    expect(starvedRemainingMs({ limitMs: 1_000, wallMs: 400, cpuMs: undefined })).toBe(600);
  });
});
