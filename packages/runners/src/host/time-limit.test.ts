import { describe, expect, it } from "vitest";
import { measureSpeed } from "./speed-probe.ts";
import {
  effectiveLimitMs,
  MAX_STRETCH,
  PROBE_REFERENCE_MS,
  SPEED_SAMPLES,
  SpeedGauge,
  stretchFor,
} from "./time-limit.ts";

describe("the time limit on a slow device", () => {
  it("keeps the learner's limit on a device as fast as the reference machine, or faster", () => {
    expect(stretchFor(PROBE_REFERENCE_MS)).toBe(1);
    expect(stretchFor(PROBE_REFERENCE_MS / 3)).toBe(1);
    expect(effectiveLimitMs(1_000, stretchFor(PROBE_REFERENCE_MS * 0.8))).toBe(1_000);
  });

  it("gives a device twice as slow twice the time", () => {
    expect(effectiveLimitMs(1_000, stretchFor(PROBE_REFERENCE_MS * 2))).toBe(2_000);
    expect(effectiveLimitMs(5_000, stretchFor(PROBE_REFERENCE_MS * 1.5))).toBe(7_500);
  });

  it("stops an endless loop within 3 s of its start on a 4× slower device", () => {
    const limit = effectiveLimitMs(1_000, stretchFor(PROBE_REFERENCE_MS * 4));
    expect(limit).toBe(1_000 * MAX_STRETCH);
    // What is left of the 3 s is for the interrupt (200 ms at most) and showing the message.
    expect(limit).toBeLessThanOrEqual(2_500);
  });

  it("keeps the cap however slow the device reads", () => {
    expect(effectiveLimitMs(1_000, stretchFor(PROBE_REFERENCE_MS * 1_000))).toBe(2_500);
    expect(effectiveLimitMs(1_000, 40)).toBe(2_500);
  });

  it("reads no figure, or a figure that is not a time, as no slowness", () => {
    for (const figure of [undefined, 0, -3, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(stretchFor(figure)).toBe(1);
    }
    expect(effectiveLimitMs(1_000, Number.NaN)).toBe(1_000);
    expect(effectiveLimitMs(1_000, Number.POSITIVE_INFINITY)).toBe(1_000);
    expect(effectiveLimitMs(1_000, 0.2)).toBe(1_000);
  });
});

describe("the device's speed gauge", () => {
  it("takes the speed probe's figure", () => {
    const gauge = new SpeedGauge();
    gauge.record(measureSpeed());
    expect(gauge.best()).toBeGreaterThan(0);
  });

  it("says nothing until a sandbox reports, and ignores what is not a time", () => {
    const gauge = new SpeedGauge();
    expect(gauge.best()).toBeUndefined();
    expect(gauge.stretch()).toBe(1);
    for (const figure of ["3", null, -1, 0, Number.NaN, Number.POSITIVE_INFINITY, {}]) {
      gauge.record(figure);
    }
    expect(gauge.best()).toBeUndefined();
  });

  it("takes the best recent figure: one probe preempted by other work does not stretch", () => {
    const gauge = new SpeedGauge();
    gauge.record(PROBE_REFERENCE_MS);
    gauge.record(PROBE_REFERENCE_MS * 8);
    expect(gauge.stretch()).toBe(1);
  });

  it("follows a device that became slow once its fast figures are old", () => {
    const gauge = new SpeedGauge();
    gauge.record(PROBE_REFERENCE_MS);
    for (let i = 0; i < SPEED_SAMPLES - 1; i++) gauge.record(PROBE_REFERENCE_MS * 2);
    expect(gauge.stretch()).toBe(1);
    gauge.record(PROBE_REFERENCE_MS * 2);
    expect(gauge.stretch()).toBe(2);
  });
});
