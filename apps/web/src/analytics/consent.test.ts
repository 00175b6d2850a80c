import { describe, expect, it } from "vitest";
import {
  ANALYTICS_COOKIE_MAX_AGE_S,
  consentCookie,
  consentFromCookies,
  resolveConsent,
} from "./consent.ts";

describe("the analytics consent cookie", () => {
  it("lives 1 day: Max-Age=86400 (spec section 9)", () => {
    expect(ANALYTICS_COOKIE_MAX_AGE_S).toBe(86400);
    expect(consentCookie("granted", true)).toBe(
      "lumen_analytics_consent=granted; Max-Age=86400; Path=/; SameSite=Lax; Secure",
    );
    expect(consentCookie("denied", false)).toBe(
      "lumen_analytics_consent=denied; Max-Age=86400; Path=/; SameSite=Lax",
    );
  });

  it("is read back from document.cookie, ignoring other cookies and bad values", () => {
    expect(consentFromCookies("a=1; lumen_analytics_consent=denied; b=2")).toBe("denied");
    expect(consentFromCookies("lumen_analytics_consent=maybe")).toBeUndefined();
    expect(consentFromCookies("")).toBeUndefined();
  });

  it("prefers localStorage, the lasting record, and falls back on the cookie", () => {
    expect(resolveConsent("granted", "lumen_analytics_consent=denied")).toBe("granted");
    expect(resolveConsent(null, "lumen_analytics_consent=denied")).toBe("denied");
    expect(resolveConsent("junk", "")).toBeUndefined();
  });
});
