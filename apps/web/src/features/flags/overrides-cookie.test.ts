import { describe, expect, it } from "vitest";
import { currentOverrides, overridesCookieText, readOverridesCookie } from "./overrides-cookie.ts";

describe("the feature-override cookie", () => {
  it("is written as URL-encoded JSON for 2 days, Lax, Secure over https only", () => {
    expect(overridesCookieText({ exampleFlag: true }, true)).toBe(
      "lumen_feature_overrides=%7B%22exampleFlag%22%3Atrue%7D; Path=/; Max-Age=172800; SameSite=Lax; Secure",
    );
    expect(overridesCookieText({ exampleFlag: false }, false)).toBe(
      "lumen_feature_overrides=%7B%22exampleFlag%22%3Afalse%7D; Path=/; Max-Age=172800; SameSite=Lax",
    );
  });

  it("is removed when no flag is overridden", () => {
    expect(overridesCookieText({}, false)).toBe(
      "lumen_feature_overrides=; Path=/; Max-Age=0; SameSite=Lax",
    );
  });

  it("reads back what it wrote, among other cookies", () => {
    const cookies = "a=1; lumen_feature_overrides=%7B%22enableAgent2%22%3Atrue%7D; b=2";
    expect(readOverridesCookie(cookies)).toBe('{"enableAgent2":true}');
    expect(currentOverrides(cookies)).toEqual({ enableAgent2: true });
  });

  it("reads nothing usable from a missing or bad value", () => {
    expect(readOverridesCookie("a=1")).toBeNull();
    expect(currentOverrides("a=1")).toEqual({});
    expect(currentOverrides("lumen_feature_overrides={not json")).toEqual({});
    expect(currentOverrides('lumen_feature_overrides={"retired":true,"exampleFlag":1}')).toEqual(
      {},
    );
  });
});
