import { describe, expect, it } from "vitest";
import { librarySearch } from "./search.ts";

describe("the library's search params", () => {
  it("keeps the words and the known filters", () => {
    expect(librarySearch.parse({ q: "for loop", language: "python", level: "beginner" })).toEqual({
      q: "for loop",
      language: "python",
      level: "beginner",
    });
  });

  it("drops what does not parse instead of breaking the page", () => {
    expect(
      librarySearch.parse({ q: "x".repeat(500), language: "cobol", level: ["advanced"] }),
    ).toEqual({ q: undefined, language: undefined, level: undefined });
  });
});
