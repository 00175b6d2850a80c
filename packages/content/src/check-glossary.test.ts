import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { checkGlossary, type GlossaryFileData } from "./check-glossary.ts";

const GOOD = [
  "language: css",
  "terms:",
  "  - slug: rule",
  "    term: Rule",
  "    definition: A selector and its declarations.",
  "    example: |",
  "      p { color: red; }",
  "    related: [selector]",
  "  - slug: selector",
  "    term: Selector",
  "    definition: What a rule matches.",
  "    example: .note {}",
  "    related: [rule]",
  "",
].join("\n");

function check(text: string, file = "glossary/css.yaml") {
  const data = parse(text) as GlossaryFileData;
  for (const term of data.terms) term.related ??= [];
  return checkGlossary({ file, text, data });
}

describe("a glossary file's checks", () => {
  it("accepts a well-formed glossary", () => {
    expect(check(GOOD)).toEqual([]);
  });

  it("wants the language to be the file's name and a language the site teaches", () => {
    expect(check(GOOD.replace("language: css", "language: cobol"), "glossary/cobol.yaml")).toEqual([
      "glossary/cobol.yaml:1: language cobol is not one of html, css, javascript, python, sql, jsx, typescript, tsx",
    ]);
    expect(check(GOOD, "glossary/html.yaml")).toEqual([
      "glossary/html.yaml:1: language is css but the file is html.yaml",
    ]);
  });

  it("names a slug or a term used twice at the second one's line", () => {
    const twice = GOOD.replace("slug: selector", "slug: rule").replace(
      "term: Selector",
      "term: RULE",
    );
    expect(check(twice)).toEqual([
      "glossary/css.yaml:8: rule names unknown related term selector",
      "glossary/css.yaml:9: slug rule is used twice",
      "glossary/css.yaml:10: term RULE is defined twice",
      "glossary/css.yaml:13: rule names itself as a related term",
    ]);
  });

  it("names unknown, repeated and self related terms at their own line", () => {
    const text = GOOD.replace(
      "related: [selector]",
      "related:\n      - selector\n      - selector\n      - cascade",
    );
    expect(check(text)).toEqual([
      "glossary/css.yaml:10: rule names related term selector twice",
      "glossary/css.yaml:11: rule names unknown related term cascade",
    ]);
  });

  it("keeps definitions to a search result's description and examples short", () => {
    const long = GOOD.replace(
      "A selector and its declarations.",
      "word ".repeat(50).trim(),
    ).replace(
      "      p { color: red; }",
      Array.from({ length: 21 }, (_, i) => `      /* ${i} */`).join("\n"),
    );
    expect(check(long)).toEqual([
      "glossary/css.yaml:5: rule: the definition has 249 characters; keep it to 200",
      "glossary/css.yaml:6: rule: the example is too long (21 lines, 179 characters; at most 20 lines and 1000 characters)",
    ]);
  });
});
