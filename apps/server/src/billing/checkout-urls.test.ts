import { describe, expect, it } from "vitest";
import { cancelPath, SESSION_ID_PLACEHOLDER, successPath } from "./checkout-urls.ts";

describe("checkout URLs (spec section 2's routes)", () => {
  it("sends the web flow to /web/purchase-successful naming the checkout", () => {
    expect(successPath("web", "lcs_1", "/web/streak")).toBe(
      "/web/purchase-successful?session=lcs_1",
    );
  });

  it("sends the web-to-app flow to /web2app/success, with its redirectUrl", () => {
    expect(successPath("web2app", "lcs_1", "/web/x?a=1")).toBe(
      "/web2app/success?session=lcs_1&redirectUrl=%2Fweb%2Fx%3Fa%3D1",
    );
    expect(successPath("web2app", "lcs_1", null)).toBe("/web2app/success?session=lcs_1");
  });

  it("leaves Stripe's placeholder as it is, for Stripe to fill in", () => {
    expect(successPath("web", SESSION_ID_PLACEHOLDER, null)).toBe(
      "/web/purchase-successful?session={CHECKOUT_SESSION_ID}",
    );
  });

  it("cancels back to the flow's subscribe page with what it was opened with", () => {
    expect(cancelPath("web", null, null)).toBe("/web/subscribe");
    expect(cancelPath("web2app", "/web/streak", "ad campaign")).toBe(
      "/web2app/subscribe?redirectUrl=%2Fweb%2Fstreak&trackingReferer=ad+campaign",
    );
  });
});
