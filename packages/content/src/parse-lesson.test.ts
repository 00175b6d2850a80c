import { describe, expect, it } from "vitest";
import { parseInfoString, parseLesson, parseList } from "./parse-lesson.ts";
import { explanationLesson, FENCE, lessonFile } from "./testing.ts";

describe("parseInfoString", () => {
  it("reads the language, then flags and key=value attributes", () => {
    expect(
      parseInfoString('python file=main.py readonly expect="Print exactly Hi, world"'),
    ).toEqual({
      lang: "python",
      attrs: { file: "main.py", readonly: true, expect: "Print exactly Hi, world" },
    });
  });

  it("keeps an empty quoted value and unquotes quoted ones", () => {
    expect(parseInfoString('sql file="query.sql" case=2 hidden expect=""')).toEqual({
      lang: "sql",
      attrs: { file: "query.sql", case: "2", hidden: true, expect: "" },
    });
  });

  it("gives an empty language for an empty info string", () => {
    expect(parseInfoString("   ")).toEqual({ lang: "", attrs: {} });
  });
});

describe("parseLesson", () => {
  it("reads the front matter and each section with its line, body and code blocks", () => {
    const parsed = parseLesson(explanationLesson({ id: 1010101, title: "What is Python?" }));
    expect(parsed.problems).toEqual([]);
    expect(parsed.frontMatter).toEqual({
      id: 1010101,
      title: "What is Python?",
      type: "explanation",
    });
    expect([...parsed.sections.keys()]).toEqual(["explanation", "example"]);
    // `## Try it` is a heading inside the explanation, not a new section.
    expect(parsed.sections.get("explanation")).toEqual({
      name: "explanation",
      line: 7,
      bodyLine: 9,
      body: "`print()` shows a value in the **output** panel.\n\n## Try it",
      blocks: [],
    });
    expect(parsed.sections.get("example")).toEqual({
      name: "example",
      line: 13,
      bodyLine: 15,
      body: `${FENCE}python file=main.py\nprint("Hello!")\n${FENCE}`,
      blocks: [{ lang: "python", attrs: { file: "main.py" }, code: 'print("Hello!")', line: 15 }],
    });
  });

  it("does not start a section on a # --name-- line inside a code block", () => {
    const parsed = parseLesson(
      lessonFile({ id: 1, title: "T", type: "explanation" }, [
        "# --explanation--",
        `${FENCE}markdown`,
        "# --checks--",
        FENCE,
      ]),
    );
    expect(parsed.problems).toEqual([]);
    expect([...parsed.sections.keys()]).toEqual(["explanation"]);
    expect(parsed.sections.get("explanation")?.blocks).toEqual([
      { lang: "markdown", attrs: {}, code: "# --checks--", line: 8 },
    ]);
  });

  it("closes a fence only with a fence of the same character at least as long", () => {
    const parsed = parseLesson(
      lessonFile({ id: 1, title: "T", type: "explanation" }, [
        "# --example--",
        "````md file=README.md",
        FENCE,
        "~~~",
        "`````",
        "~~~js file=index.js",
        "console.log(1);",
        "~~~~",
      ]),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.sections.get("example")?.blocks).toEqual([
      { lang: "md", attrs: { file: "README.md" }, code: `${FENCE}\n~~~`, line: 8 },
      { lang: "js", attrs: { file: "index.js" }, code: "console.log(1);", line: 12 },
    ]);
  });

  it("reads Windows line endings like Unix ones", () => {
    const parsed = parseLesson(explanationLesson().replace(/\n/g, "\r\n"));
    expect(parsed.problems).toEqual([]);
    expect(parsed.sections.get("example")?.blocks[0]?.code).toBe('print("Hello!")');
  });

  describe("refuses a malformed lesson, naming the line", () => {
    it("without front matter", () => {
      const parsed = parseLesson("# --explanation--\n\nHello.\n");
      expect(parsed.problems).toEqual([
        { line: 1, message: "a lesson starts with --- front matter" },
      ]);
      expect(parsed.frontMatter).toEqual({});
      expect(parsed.sections.get("explanation")?.body).toBe("Hello.");
    });

    it("with front matter that is never closed", () => {
      const parsed = parseLesson("---\nid: 1\n# --explanation--\nHello.\n");
      expect(parsed.problems).toEqual([
        { line: 1, message: "front matter is not closed with ---" },
        // Unclosed, the front matter is read as text before the first section.
        { line: 1, message: "text before the first # --section-- heading" },
        { line: 2, message: "text before the first # --section-- heading" },
      ]);
    });

    it.each([
      ["a scalar", "---\njust some words\n---\n# --explanation--\n"],
      ["empty", "---\n---\n# --explanation--\n"],
    ])("with front matter that is not a mapping (%s)", (_name, text) => {
      expect(parseLesson(text).problems).toEqual([
        { line: 2, message: "front matter must be a YAML mapping" },
      ]);
    });

    it.each([
      [
        "an unclosed flow sequence",
        "---\nid: 1\ntitle: [Print\n---\n# --explanation--\n",
        3,
        "Flow sequence in block collection must be sufficiently indented and end with a ]",
      ],
      [
        "a repeated key",
        "---\nid: 1\ntitle: A\ntitle: B\n---\n# --explanation--\n",
        4,
        "Map keys must be unique",
      ],
    ])(
      "with front matter that is not valid YAML (%s), on the file's line",
      (_name, text, line, error) => {
        expect(parseLesson(text).problems).toEqual([
          { line, message: `front matter is not valid YAML: ${error}` },
        ]);
      },
    );

    it("with a section that appears twice (the second one is named)", () => {
      const parsed = parseLesson(
        lessonFile({ id: 1, title: "T", type: "explanation" }, [
          "# --explanation--",
          "First.",
          "# --explanation--",
          "Second.",
        ]),
      );
      expect(parsed.problems).toEqual([
        { line: 9, message: "section --explanation-- appears twice" },
      ]);
      expect(parsed.sections.get("explanation")?.body).toBe("Second.");
    });

    it("with text before the first section", () => {
      const parsed = parseLesson(
        lessonFile({ id: 1, title: "T", type: "explanation" }, [
          "Stray words.",
          "",
          "# --explanation--",
          "Hello.",
        ]),
      );
      expect(parsed.problems).toEqual([
        { line: 7, message: "text before the first # --section-- heading" },
      ]);
    });

    it("with a code block that is never closed (its opening line is named)", () => {
      const parsed = parseLesson(
        lessonFile({ id: 1, title: "T", type: "code" }, [
          "# --solution--",
          "",
          `${FENCE}python file=main.py`,
          'print("Hi")',
          "",
          "# --checks--",
        ]),
      );
      expect(parsed.problems).toEqual([{ line: 9, message: "code block is not closed" }]);
      // The rest of the file is swallowed by the open block.
      expect([...parsed.sections.keys()]).toEqual(["solution"]);
      expect(parsed.sections.get("solution")?.blocks).toEqual([]);
    });
  });
});

describe("parseList", () => {
  const listOf = (body: string[]) => {
    const parsed = parseLesson(lessonFile({ id: 1, title: "T", type: "code" }, body));
    const section = parsed.sections.get("hints");
    if (!section) throw new Error("no --hints-- section");
    return parseList(section);
  };

  it("reads items, their indented continuation lines and their > quotes", () => {
    expect(
      listOf([
        "# --hints--",
        "",
        "- [x] first",
        "  > Right:",
        "  > well done.",
        "* second item",
        "  continues here",
        "",
        "- third",
      ]),
    ).toEqual([
      { text: "[x] first", quote: "Right: well done.", quoteLine: 10, line: 9 },
      { text: "second item continues here", line: 12 },
      { text: "third", line: 15 },
    ]);
  });

  it("counts lines from the first item when the section starts with blank lines", () => {
    const items = listOf(["# --hints--", "", "", "", "- only"]);
    expect(items).toEqual([{ text: "only", line: 11 }]);
  });

  it("ignores text before the first item", () => {
    expect(listOf(["# --hints--", "Some words.", "- item"])).toEqual([{ text: "item", line: 9 }]);
  });
});
