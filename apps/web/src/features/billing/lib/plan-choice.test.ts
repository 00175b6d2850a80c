import { describe, expect, it } from "vitest";
import { goToCheckoutSearch } from "../search.ts";
import { checkoutBody, goToCheckoutPath } from "./plan-choice.ts";

describe("checkoutBody", () => {
  it("sends only the fields that are set", () => {
    expect(checkoutBody({ tier: "tier-0", interval: "month", flow: "web" })).toEqual({
      tier: "tier-0",
      interval: "month",
      flow: "web",
    });
    expect(
      checkoutBody({
        tier: "tier-2",
        interval: "year",
        flow: "web2app",
        redirectUrl: "/web/streak",
        trackingReferer: "locked-lesson",
      }),
    ).toEqual({
      tier: "tier-2",
      interval: "year",
      flow: "web2app",
      redirectUrl: "/web/streak",
      trackingReferer: "locked-lesson",
    });
  });
});

describe("goToCheckoutPath", () => {
  it("carries the choice through sign-up and reads back as the same choice", () => {
    const lesson = "/web/track/1/tutorial/103/chapter/10301/learn?lesson=0";
    const path = goToCheckoutPath({
      tier: "tier-0",
      interval: "month",
      flow: "web",
      redirectUrl: lesson,
    });
    expect(path.startsWith("/go-to-checkout?")).toBe(true);
    const search = Object.fromEntries(new URL(path, "https://lumen.dev").searchParams);
    expect(goToCheckoutSearch.parse(search)).toEqual({
      tier: "tier-0",
      interval: "month",
      flow: "web",
      redirectUrl: lesson,
      trackingReferer: undefined,
    });
  });
});

describe("goToCheckoutSearch", () => {
  it("drops what it does not know instead of failing", () => {
    expect(goToCheckoutSearch.parse({ tier: "tier-9", interval: "week", flow: "x" })).toEqual({
      tier: undefined,
      interval: undefined,
      flow: undefined,
      redirectUrl: undefined,
      trackingReferer: undefined,
    });
  });
});
