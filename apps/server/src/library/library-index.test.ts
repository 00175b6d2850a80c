import { describe, expect, it } from "vitest";
import { htmlToText, snippetOf } from "./lesson-text.ts";
import { LIBRARY_CATALOG } from "./library-fixtures.ts";
import { buildLibraryIndex, libraryIndexFor } from "./library-index.ts";

const index = buildLibraryIndex(LIBRARY_CATALOG);
const titles = (q: string, filters = {}) =>
  index.search(q, filters).matches.map((m) => m.doc.title);

describe("the library index", () => {
  it("holds every track, tutorial, chapter and lesson", () => {
    const kinds = index.docs.map((d) => d.kind);
    expect(kinds.filter((k) => k === "track")).toHaveLength(2);
    expect(kinds.filter((k) => k === "tutorial")).toHaveLength(4);
    expect(kinds.filter((k) => k === "chapter")).toHaveLength(4);
    expect(kinds.filter((k) => k === "lesson")).toHaveLength(5);
  });

  it("finds a word of a lesson's prose, with a snippet and the link that opens the lesson", () => {
    const [hit, ...rest] = index.search("zephyrine").matches;
    expect(rest).toEqual([]);
    expect(hit?.doc).toMatchObject({
      kind: "lesson",
      title: "Click handlers",
      trail: "JavaScript › Events › Listening",
      href: "/web/track/2/tutorial/203/chapter/20301/learn?lesson=0",
      free: false,
      level: "advanced",
    });
    expect(hit?.snippet).toContain("zephyrine handler");
  });

  it("ranks a title match above the same word in prose, and a tutorial above a lesson", () => {
    const found = titles("loops");
    expect(found[0]).toBe("Loops in Python");
    expect(found).toContain("Counting loops");
    expect(titles("functions")).toEqual(["Functions", "Defining functions"]);
  });

  it("matches the last word as a prefix (as you type) and forgives a typo in a long word", () => {
    expect(titles("declar")).toContain("Declaring variables");
    expect(titles("varaibles")).toContain("Variables");
  });

  it("needs every word when some document has them all", () => {
    expect(titles("click handlers")).toEqual(["Click handlers"]);
  });

  it("filters by the track's language and by level", () => {
    expect(
      index
        .search("loop", { language: "python" })
        .matches.every((m) => m.doc.language === "python"),
    ).toBe(true);
    expect(titles("loop", { language: "python" })).toContain("Loops in Python");
    expect(titles("loop", { language: "python" })).not.toContain("Counting loops");
    expect(titles("click", { level: "beginner" })).toEqual([]);
    expect(titles("click", { level: "advanced" })).toEqual(["Click handlers", "Events"]);
  });

  it("never finds hidden files, solutions or hints", () => {
    for (const secret of ["hiddensecret", "solutionsecret", "hintsecret"])
      expect(index.search(secret).matches).toEqual([]);
  });

  it("answers hostile queries without throwing", () => {
    for (const q of [
      "",
      "   ",
      ".*+?^$|{}()[]\\",
      "x".repeat(100_000),
      "💥 ünïcödé",
      "\u0000\ud800",
      "cafe",
    ])
      expect(() => index.search(q)).not.toThrow();
    expect(titles("cafe")).toEqual(["Click handlers"]);
    expect(index.search("a ".repeat(10_000)).matches.length).toBeLessThanOrEqual(30);
  });

  it("builds one index a catalog", () => {
    expect(libraryIndexFor(LIBRARY_CATALOG)).toBe(libraryIndexFor(LIBRARY_CATALOG));
  });
});

describe("lesson text", () => {
  it("reads rendered Markdown as words", () => {
    expect(htmlToText("<p>Use <code>let</code> &amp; &lt;b&gt; &#39;x&#x27;</p>")).toBe(
      "Use let & <b> 'x'",
    );
  });

  it("cuts a snippet around the first match", () => {
    const text = `${"word ".repeat(60)}needle ${"tail ".repeat(60)}`.trim();
    const snippet = snippetOf(text, ["needle"]);
    expect(snippet).toContain("needle");
    expect(snippet.startsWith("… ")).toBe(true);
    expect(snippet.endsWith(" …")).toBe(true);
    expect(snippet.length).toBeLessThan(180);
  });
});
