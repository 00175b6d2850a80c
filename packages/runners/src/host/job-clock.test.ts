import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { JobClock } from "./job-clock.ts";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterEach(() => vi.useRealTimers());

describe("JobClock with a CPU clock (Node runners, ADR 0062)", () => {
  it("ends a run that had the CPU at the wall-clock limit", () => {
    let cpu = 0;
    const expired = vi.fn();
    const clock = new JobClock(expired, () => cpu);
    clock.start(1_000);
    cpu = 990;
    vi.advanceTimersByTime(999);
    expect(expired).not.toHaveBeenCalled();
    cpu = 1_000;
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
    expect(clock.expired).toBe(true);
  });

  it("lets a starved run go on for the CPU it did not get", () => {
    let cpu = 0;
    const expired = vi.fn();
    const clock = new JobClock(expired, () => cpu);
    clock.start(1_000);
    cpu = 300; // 1 s by the clock, 0.3 s of CPU
    vi.advanceTimersByTime(1_000);
    expect(expired).not.toHaveBeenCalled();
    cpu = 1_000; // the next 0.7 s it had the CPU
    vi.advanceTimersByTime(700);
    expect(expired).toHaveBeenCalledOnce();
  });

  it("stops a starved run at three times its limit by the clock", () => {
    const expired = vi.fn();
    const clock = new JobClock(expired, () => 0);
    clock.start(1_000);
    vi.advanceTimersByTime(2_999);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
  });

  it("counts neither time nor CPU while held (the learner typing an answer)", () => {
    let cpu = 0;
    const expired = vi.fn();
    const clock = new JobClock(expired, () => cpu);
    clock.start(1_000);
    vi.advanceTimersByTime(600);
    cpu = 600;
    clock.hold();
    vi.advanceTimersByTime(10_000);
    cpu = 5_000; // whatever else the process did meanwhile
    clock.release();
    cpu = 5_399;
    vi.advanceTimersByTime(399);
    expect(expired).not.toHaveBeenCalled();
    cpu = 5_400; // 0.6 s before the hold and 0.4 s after: its second of CPU
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
  });

  it("is the wall clock alone without a CPU clock (browsers)", () => {
    const expired = vi.fn();
    const clock = new JobClock(expired);
    clock.start(1_000);
    vi.advanceTimersByTime(1_000);
    expect(expired).toHaveBeenCalledOnce();
  });
});
