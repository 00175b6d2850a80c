import type { CheckoutStatusAnswer } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { nextPollMs, purchasePhase, SLOW_AFTER_POLLS } from "./purchase-wait.ts";

const answer = (over: Partial<CheckoutStatusAnswer> = {}): CheckoutStatusAnswer => ({
  id: "cs_1",
  status: "open",
  tier: "tier-0",
  label: "Starter plan",
  interval: "month",
  flow: "web",
  redirectUrl: null,
  planActive: false,
  ...over,
});

describe("purchasePhase", () => {
  it("waits until the plan is in force", () => {
    expect(purchasePhase(undefined, 0)).toBe("waiting");
    expect(purchasePhase(answer({ status: "complete" }), 1)).toBe("waiting");
    expect(purchasePhase(answer({ status: "complete", planActive: true }), 2)).toBe("active");
  });

  it("says so calmly when the answers keep coming back pending", () => {
    expect(purchasePhase(answer(), SLOW_AFTER_POLLS - 1)).toBe("waiting");
    expect(purchasePhase(answer(), SLOW_AFTER_POLLS)).toBe("slow");
  });

  it("knows an expired checkout will not complete", () => {
    expect(purchasePhase(answer({ status: "expired" }), 0)).toBe("expired");
  });
});

describe("nextPollMs", () => {
  it("asks quickly at first, then more calmly, and never gives up while pending", () => {
    expect(nextPollMs(undefined, 0)).toBe(1_000);
    expect(nextPollMs(answer(), 5)).toBe(1_000);
    expect(nextPollMs(answer(), 6)).toBe(3_000);
    expect(nextPollMs(answer(), SLOW_AFTER_POLLS)).toBe(10_000);
    expect(nextPollMs(answer(), 1_000)).toBe(10_000);
  });

  it("stops once the plan is in force or the checkout expired", () => {
    expect(nextPollMs(answer({ planActive: true }), 3)).toBe(false);
    expect(nextPollMs(answer({ status: "expired" }), 3)).toBe(false);
  });
});
