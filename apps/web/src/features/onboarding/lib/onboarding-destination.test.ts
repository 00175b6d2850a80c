import { describe, expect, it } from "vitest";
import { onboardingDestination } from "./onboarding-destination.ts";

const LANDING = "/web/redirect-to-active-section";
const base = { broughtLessons: false, safeRedirectUrl: undefined, defaultLanding: LANDING };

describe("onboardingDestination (spec section 2: /onboarding-check)", () => {
  it("sends a new account to the chat, carrying where it was going", () => {
    expect(onboardingDestination({ ...base, status: "new" })).toEqual({
      chat: true,
      redirectUrl: undefined,
    });
    expect(
      onboardingDestination({ ...base, status: "new", safeRedirectUrl: "/web/streak" }),
    ).toEqual({ chat: true, redirectUrl: "/web/streak" });
  });

  it.each(["started", "completed", "skipped", "returning"] as const)(
    "sends a %s account onward: the chat is shown once",
    (status) => {
      expect(onboardingDestination({ ...base, status })).toEqual({ chat: false, href: LANDING });
      expect(
        onboardingDestination({ ...base, status, safeRedirectUrl: "https://lumen.dev/web/streak" }),
      ).toEqual({ chat: false, href: "https://lumen.dev/web/streak" });
    },
  );

  it("sends a new account that brought a guest's lessons straight back to them", () => {
    expect(
      onboardingDestination({
        ...base,
        status: "new",
        broughtLessons: true,
        safeRedirectUrl: "/web/track/1/tutorial/101/chapter/10101/learn?lesson=2",
      }),
    ).toEqual({ chat: false, href: "/web/track/1/tutorial/101/chapter/10101/learn?lesson=2" });
  });

  it("sends a visitor who is not signed in onward", () => {
    expect(onboardingDestination({ ...base, status: null })).toEqual({
      chat: false,
      href: LANDING,
    });
  });
});
