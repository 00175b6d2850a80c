import { describe, expect, it } from "vitest";
import { trackLevels, tutorialLevel } from "./library-level.ts";

describe("tutorialLevel", () => {
  it("splits a track's tutorials into thirds by their order", () => {
    const levels = Array.from({ length: 6 }, (_, i) => tutorialLevel(i, 6));
    expect(levels).toEqual([
      "beginner",
      "beginner",
      "intermediate",
      "intermediate",
      "advanced",
      "advanced",
    ]);
  });

  it("gives an uneven track's remainder to the earlier levels", () => {
    const levels = Array.from({ length: 5 }, (_, i) => tutorialLevel(i, 5));
    expect(levels).toEqual(["beginner", "beginner", "intermediate", "intermediate", "advanced"]);
  });

  it("calls a lone tutorial beginner and a pair beginner then intermediate", () => {
    expect(tutorialLevel(0, 1)).toBe("beginner");
    expect(tutorialLevel(0, 2)).toBe("beginner");
    expect(tutorialLevel(1, 2)).toBe("intermediate");
  });

  it("clamps positions outside the track", () => {
    expect(tutorialLevel(-3, 9)).toBe("beginner");
    expect(tutorialLevel(42, 9)).toBe("advanced");
    expect(tutorialLevel(0, 0)).toBe("beginner");
  });
});

describe("trackLevels", () => {
  it("lists the levels a track covers", () => {
    expect(trackLevels(1)).toEqual(["beginner"]);
    expect(trackLevels(2)).toEqual(["beginner", "intermediate"]);
    expect(trackLevels(3)).toEqual(["beginner", "intermediate", "advanced"]);
  });
});
