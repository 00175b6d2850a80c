import { describe, expect, it } from "vitest";
import { reducesMotion } from "./motion.ts";

describe("reduced motion (issue 13)", () => {
  it("follows the device by default, and the learner's setting overrides it", () => {
    expect(reducesMotion("system", true)).toBe(true);
    expect(reducesMotion("system", false)).toBe(false);
    expect(reducesMotion("reduce", false)).toBe(true);
    expect(reducesMotion("full", true)).toBe(false);
  });
});
