// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import {
  BANNER_SNOOZE_MS,
  bannerSnoozed,
  parseActionLink,
  retryWhen,
  snoozeBanner,
} from "./verification.ts";

describe("the mail's link", () => {
  it("names the mode and the code", () => {
    expect(parseActionLink("#mode=verifyEmail&code=abc-123")).toEqual({
      mode: "verifyEmail",
      code: "abc-123",
    });
    expect(parseActionLink("mode=changeEmail&code=a%2Bb")).toEqual({
      mode: "changeEmail",
      code: "a+b",
    });
  });

  it.each([
    "",
    "#code=abc",
    "#mode=resetPassword&code=abc",
    "#mode=verifyEmail",
    `#mode=verifyEmail&code=${"a".repeat(201)}`,
  ])("refuses %j", (hash) => {
    expect(parseActionLink(hash)).toBeNull();
  });
});

describe("when to ask again", () => {
  it.each([
    [1, "in a moment"],
    [42, "in 42 seconds"],
    [60, "in 60 seconds"],
    [3600, "in about 60 minutes"],
  ])("%i seconds: %s", (seconds, text) => {
    expect(retryWhen(seconds)).toBe(text);
  });
});

describe("the banner's dismissal", () => {
  it("lasts three days for that account on this device", () => {
    const now = Date.UTC(2026, 10, 1);
    expect(bannerSnoozed("u1", now)).toBe(false);
    snoozeBanner("u1", now);
    expect(bannerSnoozed("u1", now + 1000)).toBe(true);
    expect(bannerSnoozed("u2", now + 1000)).toBe(false);
    expect(bannerSnoozed("u1", now + BANNER_SNOOZE_MS + 1)).toBe(false);
  });
});
