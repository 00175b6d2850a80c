import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LINK_TRACKING_TIMEOUT_MS, navigateAfter } from "./link-tracking.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("link tracking", () => {
  it("waits at most 700 ms for the event before navigating (spec section 9)", async () => {
    expect(LINK_TRACKING_TIMEOUT_MS).toBe(700);
    const navigate = vi.fn();
    navigateAfter({ sent: new Promise(() => {}), navigate });
    await vi.advanceTimersByTimeAsync(699);
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it("navigates as soon as the event is sent, or failed, and only once", async () => {
    const navigate = vi.fn();
    navigateAfter({ sent: Promise.resolve(), navigate });
    await vi.advanceTimersByTimeAsync(0);
    expect(navigate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(700);
    expect(navigate).toHaveBeenCalledTimes(1);
    const afterFailure = vi.fn();
    navigateAfter({ sent: Promise.reject(new Error("offline")), navigate: afterFailure });
    await vi.advanceTimersByTimeAsync(0);
    expect(afterFailure).toHaveBeenCalledTimes(1);
  });
});
