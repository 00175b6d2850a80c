import { describe, expect, it } from "vitest";
import { languageLabel, progressText, resultsText } from "./library-labels.ts";

describe("library labels", () => {
  it("says a learner's progress in words", () => {
    expect(progressText(undefined, 12)).toBe("12 lessons");
    expect(progressText(undefined, 1)).toBe("1 lesson");
    expect(progressText({ completedLessons: 3, totalLessons: 12 }, 12)).toBe("3 of 12 lessons");
    expect(progressText({ completedLessons: 12, totalLessons: 12 }, 12)).toBe(
      "All 12 lessons done",
    );
  });

  it("counts results", () => {
    expect(resultsText(0, 0, "zz")).toBe("No results for “zz”.");
    expect(resultsText(1, 1, "loop")).toBe("1 result for “loop”.");
    expect(resultsText(40, 30, "a")).toBe("40 results for “a”, the best 30 shown.");
  });

  it("names languages", () => {
    expect(languageLabel("python")).toBe("Python");
  });
});
