import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  checkGlossary,
  exampleLines,
  type GlossaryFileData,
  typeErrorProblems,
} from "./check-glossary.ts";

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

describe("a TypeScript example's type errors", () => {
  const example = [
    'type Light = "red" | "green";',
    'let now: Light = "red";',
    'now = "blue"; // error: "blue" is not a Light',
    "console.log(now);",
  ].join("\n");
  const error = (line: number, message: string) => ({
    file: "index.ts",
    from: 0,
    to: 1,
    line,
    column: 1,
    message,
    severity: "error" as const,
    code: 2322,
  });
  const problems = (diagnostics: ReturnType<typeof error>[], text = example) =>
    typeErrorProblems({
      file: "glossary/typescript.yaml",
      line: 10,
      slug: "literal-type",
      example: text,
      diagnostics,
    });

  it("accepts the errors the example announces, and none elsewhere", () => {
    expect(problems([error(3, `Type '"blue"' is not assignable to type 'Light'.`)])).toEqual([]);
    expect(problems([], example.replace(' // error: "blue" is not a Light', ""))).toEqual([]);
  });

  it("names an error no comment announces, at its line in the file", () => {
    expect(
      problems([
        error(3, `Type '"blue"' is not assignable to type 'Light'.`),
        error(4, "Cannot find name 'nw'.\nDid you mean 'now'?"),
      ]),
    ).toEqual([
      `glossary/typescript.yaml:13: literal-type: TypeScript reports an error on line 4 of the example that no "// error" comment announces: Cannot find name 'nw'.`,
    ]);
  });

  it("names an announced error the compiler does not report, in TS or in JSX", () => {
    expect(problems([])).toEqual([
      "glossary/typescript.yaml:12: literal-type: line 3 of the example announces an error, but TypeScript reports none there",
    ]);
    const jsx = '<Price amount="5" /> {/* error: amount is a number */}';
    expect(problems([error(1, "Type 'string' is not assignable to type 'number'.")], jsx)).toEqual(
      [],
    );
  });

  it("finds where each example's text starts in the file", () => {
    const text = [
      "language: typescript",
      "terms:",
      "  - slug: type",
      "    term: Type",
      "    definition: A kind of value.",
      "    example: |",
      "      let a: string = 'x';",
      "  - slug: any",
      "    term: any",
      "    definition: No checks.",
      "    example: console.log(1);",
    ].join("\n");
    expect([...exampleLines(text)]).toEqual([
      ["type", 7],
      ["any", 11],
    ]);
  });
});
