import { REDIRECT_HOST_WARNING } from "@lumen/core";
import { describe, expect, it, vi } from "vitest";
import { allowedReturn, continueTarget, destinationOf, isInAppPath } from "./return-to.ts";

const policy = {
  allowedHosts: ["lumen.dev"],
  currentOrigin: "https://lumen.dev",
  allowDevHosts: false,
};

describe("allowedReturn", () => {
  it("keeps a lesson path on this site", () => {
    const warn = vi.fn();
    expect(
      allowedReturn("/web/track/1/tutorial/103/chapter/10301/learn?lesson=0", { ...policy, warn }),
    ).toBe("/web/track/1/tutorial/103/chapter/10301/learn?lesson=0");
    expect(warn).not.toHaveBeenCalled();
  });

  it("drops a foreign host with the spec's console warning", () => {
    const warn = vi.fn();
    expect(allowedReturn("https://evil.example/steal", { ...policy, warn })).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain(REDIRECT_HOST_WARNING);
  });

  it("drops a javascript: address and a scheme-relative one", () => {
    const warn = vi.fn();
    expect(allowedReturn("javascript:alert(1)", { ...policy, warn })).toBeUndefined();
    expect(allowedReturn("//evil.example", { ...policy, warn })).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("says nothing when no address was given", () => {
    const warn = vi.fn();
    expect(allowedReturn(undefined, { ...policy, warn })).toBeUndefined();
    expect(allowedReturn("", { ...policy, warn })).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("continueTarget and isInAppPath", () => {
  it("falls back to the default landing", () => {
    expect(continueTarget(undefined)).toBe("/web/redirect-to-active-section");
    expect(continueTarget("/web/streak")).toBe("/web/streak");
  });

  it("tells this site's paths from other hosts", () => {
    expect(isInAppPath("/web/streak")).toBe(true);
    expect(isInAppPath("https://lumen.dev/web/streak")).toBe(false);
    expect(isInAppPath("//evil.example")).toBe(false);
  });
});

describe("destinationOf", () => {
  const origin = "https://lumen.dev";

  it("opens this site's addresses in the app, as paths", () => {
    expect(destinationOf("/billing/local/checkout/cs_1", origin)).toBe(
      "/billing/local/checkout/cs_1",
    );
    expect(destinationOf("https://lumen.dev/web/purchase-successful?session=1", origin)).toBe(
      "/web/purchase-successful?session=1",
    );
  });

  it("leaves for a provider's hosted page and refuses other schemes", () => {
    expect(destinationOf("https://checkout.stripe.com/c/pay/cs_1", origin)).toBe(
      "https://checkout.stripe.com/c/pay/cs_1",
    );
    expect(destinationOf("javascript:alert(1)", origin)).toBeNull();
    expect(destinationOf("not a url", origin)).toBeNull();
  });
});
