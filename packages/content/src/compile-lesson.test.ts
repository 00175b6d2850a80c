import type { CodeLanguage } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { compileLesson } from "./compile-lesson.ts";
import { parseLesson } from "./parse-lesson.ts";
import {
  codeLesson,
  explanationLesson,
  FENCE,
  fillInLesson,
  lessonFile,
  multipleChoiceLesson,
  PLANETS_SEED,
  projectLesson,
  sqlLesson,
} from "./testing.ts";

function compile(
  text: string,
  context: { trackLanguage?: CodeLanguage; chapterSeed?: string; slug?: string } = {},
) {
  return compileLesson(parseLesson(text), {
    index: 3,
    slug: context.slug ?? "a-lesson",
    trackLanguage: context.trackLanguage ?? "python",
    ...(context.chapterSeed ? { chapterSeed: context.chapterSeed } : {}),
  });
}

/** Compiles a lesson that must have no problems and gives its compiled form. */
function compileClean(text: string, context: Parameters<typeof compile>[1] = {}) {
  const { compiled, problems } = compile(text, context);
  expect(problems).toEqual([]);
  if (!compiled) throw new Error("the lesson did not compile");
  return compiled;
}

const file = (
  name: string,
  content: string,
  flags: { readonly?: boolean; hidden?: boolean } = {},
) => ({
  name,
  content,
  readonly: flags.readonly ?? false,
  hidden: flags.hidden ?? false,
});

describe("compileLesson: each lesson type", () => {
  it("compiles an explanation lesson with its runnable example", () => {
    const { lesson, wrong } = compileClean(
      explanationLesson({ id: 1010101, title: "What is Python?" }),
      {
        slug: "what-is-python",
      },
    );
    expect(lesson).toStrictEqual({
      id: 1010101,
      index: 3,
      slug: "what-is-python",
      title: "What is Python?",
      type: "explanation",
      codeLanguage: "python",
      kind: "python",
      explanationHtml:
        "<p><code>print()</code> shows a value in the <strong>output</strong> panel.</p>\n<h2>Try it</h2>\n",
      executableContent: { files: [] },
      hints: [],
      example: [file("main.py", 'print("Hello!")\n')],
    });
    expect(wrong).toEqual([]);
  });

  it("compiles an explanation lesson without an example in the track's language", () => {
    const { lesson } = compileClean(
      lessonFile({ id: 2010101, title: "Values", type: "explanation" }, [
        "# --explanation--",
        "Values.",
      ]),
      { trackLanguage: "javascript" },
    );
    expect(lesson.codeLanguage).toBe("javascript");
    expect(lesson.explanationHtml).toBe("<p>Values.</p>\n");
    expect(lesson).not.toHaveProperty("example");
  });

  it("compiles a multiple-choice lesson: rendered question, choices and feedback", () => {
    const { lesson, wrong } = compileClean(multipleChoiceLesson({ id: 1010102, title: "Quotes" }));
    expect(lesson).toStrictEqual({
      id: 1010102,
      index: 3,
      slug: "a-lesson",
      title: "Quotes",
      type: "multiple-choice",
      codeLanguage: "python",
      // No files: the spec's "otherwise" kind.
      kind: "html",
      explanationHtml: "<p>Text goes inside quotes.</p>\n",
      executableContent: { files: [] },
      hints: [],
      question: "<p>Which line prints <em>Hi</em>?</p>\n",
      choices: [
        {
          html: "<code>print(&quot;Hi&quot;)</code>",
          correct: true,
          feedback: "Right: the text is in quotes.",
        },
        { html: "<code>print(Hi)</code>", correct: false },
        {
          html: "<code>Print</code> with a capital",
          correct: false,
          feedback: "Python is case-sensitive.",
        },
      ],
    });
    expect(wrong).toEqual([]);
  });

  it("compiles a fill-in lesson: blanks numbered from 0, answers and distractors", () => {
    const { lesson } = compileClean(fillInLesson({ id: 1010103, title: "Loop" }));
    expect(lesson).toStrictEqual({
      id: 1010103,
      index: 3,
      slug: "a-lesson",
      title: "Loop",
      type: "fill-in",
      codeLanguage: "python",
      kind: "html",
      explanationHtml: "",
      executableContent: { files: [] },
      hints: [],
      question: "<p>Print every planet.</p>\n",
      snippet: {
        language: "python",
        code: "[[0]] planet in planets:\n    [[1]](planet)",
        answers: ["for", "print"],
        // Backticks around a distractor are dropped.
        distractors: ["while", "show"],
      },
    });
  });

  it("compiles a code lesson: starter files with flags, solution, checks, hints and wrong answers", () => {
    const { lesson, wrong } = compileClean(codeLesson({ id: 1010104, title: "Print a greeting" }));
    expect(lesson).toStrictEqual({
      id: 1010104,
      index: 3,
      slug: "a-lesson",
      title: "Print a greeting",
      type: "code",
      codeLanguage: "python",
      kind: "python",
      explanationHtml: "<p>Print <code>Hello, world!</code>.</p>\n",
      executableContent: {
        files: [
          // Trailing blank lines of a file collapse to one newline.
          file("main.py", "# Write your code below\n"),
          file("helpers.py", "def shout(text):\n    return text.upper()\n", { readonly: true }),
          file("setup.py", "planets = []\n", { hidden: true }),
        ],
      },
      solution: [file("main.py", '# Write your code below\nprint("Hello, world!")\n')],
      checks: [
        '@test("Prints Hello, world!")',
        "def _():",
        '    assert stdout.strip() == "Hello, world!", "Print exactly Hello, world!"',
      ].join("\n"),
      hints: [
        "Text goes inside quotes: <code>&quot;Hello, world!&quot;</code>.",
        "Call <strong>print</strong> with the text.",
      ],
    });
    // Wrong answers are kept for the content checks, not published with the lesson.
    expect(wrong).toEqual([
      {
        files: [file("main.py", 'print("hello world")\n')],
        expect: "Print exactly Hello, world!",
        line: 45,
      },
      { files: [file("main.py", 'print("Hello world")\n')], expect: "Print exactly", line: 49 },
    ]);
  });

  it("compiles a project lesson, grouping wrong-answer blocks of the same case into one answer", () => {
    const { lesson, wrong } = compileClean(projectLesson({ id: 1020101, title: "Greet" }));
    expect(lesson.type).toBe("project");
    expect(lesson.kind).toBe("python");
    expect(lesson.codeLanguage).toBe("python");
    expect(lesson.executableContent.files.map((f) => f.name)).toEqual(["main.py", "greet.py"]);
    expect(lesson.solution?.map((f) => f.name)).toEqual(["main.py", "greet.py"]);
    expect(wrong).toEqual([
      {
        files: [
          file("main.py", 'from greet import greet\nprint(greet("Bob"))\n'),
          file("greet.py", 'def greet(name):\n    return f"Hello, {name}!"\n'),
        ],
        expect: "Print Hi, Ada!",
        line: 44,
      },
    ]);
  });

  it("compiles an SQL lesson with JSON checks and the chapter's seed", () => {
    const { lesson } = compileClean(sqlLesson(), {
      trackLanguage: "sql",
      chapterSeed: PLANETS_SEED,
    });
    expect(lesson.codeLanguage).toBe("sql");
    expect(lesson.kind).toBe("sql");
    expect(lesson.seed).toBe(PLANETS_SEED);
    expect(JSON.parse(lesson.checks ?? "")).toEqual([
      {
        name: "Selects names",
        kind: "result",
        columns: ["name"],
        rows: [["Mercury"]],
        message: "Select the name column.",
      },
    ]);
  });

  it("prefers the lesson's own --seed-- to the chapter's seed", () => {
    const { lesson } = compileClean(sqlLesson({ seed: true }), {
      trackLanguage: "sql",
      chapterSeed: PLANETS_SEED,
    });
    expect(lesson.seed).toBe("CREATE TABLE moons (name TEXT);");
  });
});

describe("compileLesson: codeLanguage and kind", () => {
  const withFiles = (fields: Record<string, string>, blocks: string[]) =>
    lessonFile({ id: 1, title: "T", type: "explanation", ...fields }, [
      "# --explanation--",
      "Look.",
      "# --example--",
      ...blocks,
    ]);

  it("takes the language of the first file that is not hidden", () => {
    const { lesson } = compileClean(
      withFiles({}, [
        `${FENCE}python file=setup.py hidden`,
        "x = 1",
        FENCE,
        `${FENCE}js file=index.js`,
        "log(x);",
        FENCE,
      ]),
    );
    expect(lesson.codeLanguage).toBe("javascript");
  });

  it.each([
    ["index.html", "html", "html"],
    ["style.css", "css", "html"],
    ["index.ts", "typescript", "html"],
    ["App.tsx", "tsx", "html"],
    ["App.jsx", "jsx", "html"],
    ["index.js", "javascript", "javascript"],
    ["query.sql", "sql", "sql"],
  ] as const)("maps %s to codeLanguage %s and kind %s", (name, language, kind) => {
    const { lesson } = compileClean(withFiles({}, [`${FENCE}text file=${name}`, "x", FENCE]));
    expect(lesson.codeLanguage).toBe(language);
    expect(lesson.kind).toBe(kind);
  });

  it("falls back to the track's language for a file no language claims", () => {
    const { lesson } = compileClean(withFiles({}, [`${FENCE}text file=notes.txt`, "x", FENCE]), {
      trackLanguage: "sql",
    });
    expect(lesson.codeLanguage).toBe("sql");
  });

  it("lets the front matter set codeLanguage explicitly", () => {
    const { lesson } = compileClean(
      withFiles({ codeLanguage: "css" }, [`${FENCE}html file=index.html`, "<p>x</p>", FENCE]),
    );
    expect(lesson.codeLanguage).toBe("css");
    expect(lesson.kind).toBe("html");
  });
});

describe("compileLesson: refuses a malformed lesson, naming the line", () => {
  it("reports every front matter field that is wrong, and compiles nothing", () => {
    const result = compile(
      lessonFile({ title: "", type: "quiz", tags: "x" }, ["# --explanation--", "Hi."]),
    );
    expect(result.compiled).toBeUndefined();
    expect(result.problems).toEqual([
      { line: 2, message: "front matter id: Invalid input: expected number, received undefined" },
      { line: 2, message: "front matter title: Invalid input: expected string, received null" },
      {
        line: 2,
        message:
          'front matter type: Invalid option: expected one of "explanation"|"multiple-choice"|"fill-in"|"code"|"project"',
      },
      { line: 2, message: 'front matter (root): Unrecognized key: "tags"' },
    ]);
  });

  it("passes on the parser's problems", () => {
    const result = compile(`${explanationLesson()}\n${FENCE}python\n`);
    expect(result.problems).toEqual([{ line: 19, message: "code block is not closed" }]);
  });

  it("names each required section that is missing", () => {
    const result = compile(
      lessonFile({ id: 1, title: "T", type: "code" }, ["# --explanation--", "Hi."]),
    );
    expect(result.problems).toEqual([
      { line: 1, message: "a code lesson needs a --files-- section" },
      { line: 1, message: "a code lesson needs a --solution-- section" },
      { line: 1, message: "a code lesson needs a --checks-- section" },
      { line: 1, message: "a code lesson needs a --wrong-- section" },
    ]);
  });

  it.each([
    ["multiple-choice", ["question", "choices"]],
    ["fill-in", ["question", "snippet", "distractors"]],
    ["explanation", ["explanation"]],
  ])("names the required sections of a %s lesson", (type, names) => {
    const result = compile(lessonFile({ id: 1, title: "T", type }, []));
    expect(result.problems).toEqual(
      names.map((name) => ({ line: 1, message: `a ${type} lesson needs a --${name}-- section` })),
    );
  });

  it("names a section that does not belong in the lesson's type", () => {
    const result = compile(
      lessonFile({ id: 1, title: "T", type: "explanation" }, [
        "# --explanation--",
        "Hi.",
        "# --hints--",
        "- a hint",
      ]),
    );
    expect(result.problems).toEqual([
      { line: 9, message: "--hints-- does not belong in a explanation lesson" },
    ]);
  });

  /** A code lesson whose sections after the explanation are `sections` (line 9 onwards). */
  const code = (...sections: string[]) =>
    lessonFile({ id: 1, title: "T", type: "code" }, ["# --explanation--", "Hi.", ...sections]);
  const block = (info: string, ...body: string[]) => [`${FENCE}${info}`, ...body, FENCE];
  const rest = {
    files: ["# --files--", ...block("python file=main.py", "")],
    solution: ["# --solution--", ...block("python file=main.py", "print(1)")],
    checks: ["# --checks--", ...block("python", "check()")],
    wrong: ["# --wrong--", ...block('python file=main.py expect="x"', "print(2)")],
  };

  it("names a file block without file=<name>, and a section left with no file blocks", () => {
    const result = compile(
      code(
        "# --files--",
        ...block("python", "x = 1"),
        ...rest.solution,
        ...rest.checks,
        ...rest.wrong,
      ),
    );
    expect(result.problems).toEqual([
      { line: 10, message: "a file block needs file=<name>" },
      { line: 9, message: "--files-- has no file blocks" },
    ]);
  });

  it("names a file given twice", () => {
    const result = compile(
      code(
        ...rest.files,
        "# --solution--",
        ...block("python file=main.py", "a"),
        ...block("python file=main.py", "b"),
        ...rest.checks,
        ...rest.wrong,
      ),
    );
    expect(result.problems).toEqual([{ line: 17, message: "file main.py is given twice" }]);
  });

  it("names an editable starter file the solution leaves out", () => {
    const result = compile(
      code(
        "# --files--",
        ...block("python file=main.py", ""),
        ...block("python file=util.py", ""),
        ...block("python file=data.py readonly", ""),
        ...block("python file=setup.py hidden", ""),
        ...rest.solution,
        ...rest.checks,
        ...rest.wrong,
      ),
    );
    expect(result.problems).toEqual([
      { line: 22, message: "the solution does not give the editable file util.py" },
    ]);
  });

  it.each([
    ["no", []],
    ["two", [...block("python", "a()"), ...block("python", "b()")]],
  ])("names --checks-- holding %s code blocks", (_count, blocks) => {
    const result = compile(
      code(...rest.files, ...rest.solution, "# --checks--", ...blocks, ...rest.wrong),
    );
    expect(result.problems).toEqual([
      { line: 17, message: "--checks-- must hold exactly one code block" },
    ]);
  });

  it("names a wrong answer without expect=, and a --wrong-- section without answers", () => {
    const noExpect = compile(
      code(
        ...rest.files,
        ...rest.solution,
        ...rest.checks,
        "# --wrong--",
        ...block("python file=main.py", "print(2)"),
      ),
    );
    expect(noExpect.problems).toEqual([
      { line: 22, message: 'a wrong answer needs expect="<text of the failing check message>"' },
    ]);
    const none = compile(code(...rest.files, ...rest.solution, ...rest.checks, "# --wrong--"));
    expect(none.problems).toEqual([{ line: 21, message: "give at least one wrong answer" }]);
  });

  describe("SQL lessons", () => {
    const sql = (checks: string, seed: string[] = []) =>
      code(
        "# --files--",
        ...block("sql file=query.sql", ""),
        "# --solution--",
        ...block("sql file=query.sql", "SELECT 1;"),
        "# --checks--",
        ...block("json", checks),
        "# --wrong--",
        ...block('sql file=query.sql expect="x"', "SELECT 2;"),
        ...seed,
      );
    const valid =
      '[{"name": "n", "kind": "query", "query": "SELECT 1", "rows": [[1]], "message": "m"}]';

    it("names checks that are not JSON", () => {
      const result = compile(sql('[{"name": "n",]'), { chapterSeed: PLANETS_SEED });
      expect(result.problems).toEqual([
        {
          line: 18,
          message:
            "SQL checks are not valid: Expected double-quoted property name in JSON at position 14",
        },
      ]);
    });

    it("names each field of the checks that does not fit", () => {
      const result = compile(sql('[{"name": "n", "kind": "count", "rows": [[1]]}]'), {
        chapterSeed: PLANETS_SEED,
      });
      expect(result.problems).toEqual([
        {
          line: 18,
          message:
            "SQL checks are not valid: 0.kind: Invalid discriminator value. Expected 'result' | 'query' | 'statement'",
        },
      ]);
      const noMessage = compile(sql('[{"name": "n", "kind": "result", "rows": [[1]]}]'), {
        chapterSeed: PLANETS_SEED,
      });
      expect(noMessage.problems).toEqual([
        {
          line: 18,
          message:
            "SQL checks are not valid: 0.message: Invalid input: expected string, received undefined",
        },
      ]);
    });

    it("accepts a statement check and refuses one whose pattern is not a regular expression", () => {
      const statement = (pattern: string) =>
        JSON.stringify([
          { name: "Reads planets", kind: "statement", pattern, message: "Use FROM planets." },
        ]);
      const good = compile(sql(statement("\\bFROM\\s+planets\\b")), {
        chapterSeed: PLANETS_SEED,
      });
      expect(good.problems).toEqual([]);
      const bad = compile(sql(statement("(unclosed")), { chapterSeed: PLANETS_SEED });
      expect(bad.problems).toEqual([
        {
          line: 18,
          message: "SQL checks are not valid: 0.pattern: must be a valid regular expression",
        },
      ]);
    });

    it("refuses an empty check name or message: the learner would see a blank line", () => {
      const result = compile(
        sql('[{"name": " ", "kind": "result", "rows": [[1]], "message": ""}]'),
        { chapterSeed: PLANETS_SEED },
      );
      expect(result.problems).toEqual([
        { line: 18, message: "SQL checks are not valid: a check's name is empty" },
        { line: 18, message: "SQL checks are not valid: a check's message is empty" },
      ]);
    });

    it("needs a seed from the lesson or from seed.sql", () => {
      expect(compile(sql(valid)).problems).toEqual([
        {
          line: 1,
          message:
            "an SQL lesson needs a --seed-- section or a seed.sql in its chapter, tutorial or track",
        },
      ]);
      expect(compile(sql(valid), { chapterSeed: PLANETS_SEED }).problems).toEqual([]);
      const ownSeed = ["# --seed--", ...block("sql", "CREATE TABLE t (a INT);")];
      expect(compile(sql(valid, ownSeed)).problems).toEqual([]);
    });

    it("names a --seed-- section that does not hold one code block", () => {
      const result = compile(sql(valid, ["# --seed--", "CREATE TABLE t (a INT);"]), {
        chapterSeed: PLANETS_SEED,
      });
      expect(result.problems).toEqual([
        { line: 25, message: "--seed-- must hold exactly one code block" },
        {
          line: 1,
          message:
            "an SQL lesson needs a --seed-- section or a seed.sql in its chapter, tutorial or track",
        },
      ]);
    });
  });

  describe("multiple-choice lessons", () => {
    const choices = (...items: string[]) =>
      lessonFile({ id: 1, title: "T", type: "multiple-choice" }, [
        "# --question--",
        "Which?",
        "# --choices--",
        "",
        ...items,
      ]);

    it("names a choice without a [x] or [ ] mark, on its own line", () => {
      const result = compile(choices("- [x] a", "- [ ] b", "- c", "- [ ] d"));
      expect(result.problems).toEqual([
        { line: 13, message: "a choice starts with [x] (right) or [ ] (wrong)" },
      ]);
    });

    it.each([
      ["none", ["- [ ] a", "- [ ] b", "- [ ] c"], 0],
      ["two", ["- [x] a", "- [X] b", "- [ ] c", "- [ ] d"], 2],
    ])("needs exactly one right choice (%s marked)", (_name, items, right) => {
      expect(compile(choices(...items)).problems).toEqual([
        { line: 9, message: `exactly one choice must be right ([x]); found ${right}` },
      ]);
    });

    it("needs two wrong choices, each with its own text", () => {
      expect(compile(choices("- [x] a", "- [ ] b")).problems).toEqual([
        { line: 9, message: "give at least two plausible wrong choices" },
      ]);
      expect(compile(choices("- [x] a", "- [ ] b", "- [ ] b")).problems).toEqual([
        { line: 9, message: "two choices have the same text" },
      ]);
    });
  });

  describe("fill-in lessons", () => {
    const fillIn = (snippet: string[], distractors: string[]) =>
      lessonFile({ id: 1, title: "T", type: "fill-in" }, [
        "# --question--",
        "Fill it.",
        "# --snippet--",
        ...snippet,
        "# --distractors--",
        ...distractors,
      ]);

    it("names a snippet without blanks", () => {
      expect(compile(fillIn(block("python", "print(x)"), ["- a", "- b"])).problems).toEqual([
        { line: 10, message: "the snippet has no [[blank]]" },
      ]);
    });

    it("needs at least two distractors", () => {
      expect(compile(fillIn(block("python", "[[print]](x)"), ["- echo"])).problems).toEqual([
        { line: 13, message: "give at least two distractors" },
      ]);
    });

    it("names a distractor that is also a right token", () => {
      const result = compile(fillIn(block("python", "[[print]](x)"), ["- echo", "- `print`"]));
      expect(result.problems).toEqual([
        {
          line: 13,
          message: 'distractor "print" is also a right token, so two fillings would be right',
        },
      ]);
    });

    it("names a snippet that is not one code block", () => {
      const result = compile(fillIn(["[[print]](x)"], ["- echo", "- show"]));
      expect(result.problems).toEqual([
        { line: 9, message: "--snippet-- must hold exactly one code block" },
      ]);
      expect(result.compiled?.lesson.snippet).toBeUndefined();
    });
  });
});

describe("compileLesson: markup a learner would see by mistake (issue 13)", () => {
  const choices = (...lines: string[]) =>
    lessonFile({ id: 1010102, title: "Quotes", type: "multiple-choice" }, [
      "# --question--",
      "",
      "Which one?",
      "",
      "# --choices--",
      "",
      ...lines,
    ]);

  it("gives feedback as markup: quotes and code come out as HTML the app shows as markup", () => {
    const { lesson } = compileClean(
      choices(
        '- [x] `lives = "three";`',
        '  > Right: `lives` is a number, and "three" is a string; close it with `</p>`.',
        "- [ ] a",
        "- [ ] b",
      ),
    );
    expect(lesson.choices?.[0]?.feedback).toBe(
      "Right: <code>lives</code> is a number, and &quot;three&quot; is a string; close it with <code>&lt;/p&gt;</code>.",
    );
  });

  it("refuses raw HTML in feedback, choices, hints and explanations, on its line", () => {
    const result = compile(
      choices(
        "- [x] Write <Banner />",
        "  > Right: rename it Banner and write <Banner />, and React calls it.",
        "- [ ] a",
        "- [ ] b <br>",
      ),
    );
    expect(result.problems).toEqual([
      {
        line: 13,
        message:
          "raw HTML <Banner /> in Markdown would be read as a tag and not shown: write code in backticks (`<Banner />`)",
      },
      {
        line: 14,
        message:
          "raw HTML <Banner /> in Markdown would be read as a tag and not shown: write code in backticks (`<Banner />`)",
      },
      {
        line: 16,
        message:
          "raw HTML <br> in Markdown would be read as a tag and not shown: write code in backticks (`<br>`)",
      },
    ]);
  });

  it("escapes raw HTML rather than passing it on, so nothing the author typed becomes a tag", () => {
    const { compiled } = compile(
      choices("- [x] a <img src=x onerror=alert(1)>", "- [ ] b", "- [ ] c"),
    );
    expect(compiled?.lesson.choices?.[0]?.html).toBe("a &lt;img src=x onerror=alert(1)&gt;");
  });

  it("finds raw HTML in an explanation's paragraphs but not in its code", () => {
    const text = lessonFile({ id: 1010101, title: "Tags", type: "explanation" }, [
      "# --explanation--",
      "",
      "A paragraph is `<p>`:",
      "",
      `${FENCE}html`,
      "<p>Hi</p>",
      FENCE,
      "",
      "Then <em>this</em> is raw.",
    ]);
    expect(compile(text).problems).toEqual([
      {
        line: 15,
        message:
          "raw HTML <em> in Markdown would be read as a tag and not shown: write code in backticks (`<em>`)",
      },
      {
        line: 15,
        message:
          "raw HTML </em> in Markdown would be read as a tag and not shown: write code in backticks (`</em>`)",
      },
    ]);
  });

  it("refuses a character reference where text is shown as written: title, tokens, expect=", () => {
    const result = compile(
      lessonFile({ id: 1010103, title: "Tags &amp; elements", type: "fill-in" }, [
        "# --question--",
        "",
        "Fill it in.",
        "",
        "# --snippet--",
        "",
        `${FENCE}python`,
        "[[print]](&quot;x&quot;)",
        FENCE,
        "",
        "# --distractors--",
        "",
        "- echo",
        "- &#39;show&#39;",
      ]),
    );
    expect(result.problems).toEqual([
      {
        line: 2,
        message:
          "the title is shown as plain text, so &amp; would show as written: type the character itself",
      },
      {
        line: 20,
        message:
          "a distractor is shown as plain text, so &#39; would show as written: type the character itself",
      },
    ]);
  });
});

describe("compileLesson: requires (checks the runner adds)", () => {
  const withRequires = (text: string, requires: string) =>
    text.replace(/^type: (\w+)$/m, `type: $1\nrequires: ${requires}`);

  it("keeps what a code lesson requires, for its language", () => {
    const { lesson } = compileClean(
      withRequires(codeLesson(), "[no-type-errors]").replaceAll(
        "python file=main.py",
        "typescript file=index.ts",
      ),
    );
    expect(lesson.codeLanguage).toBe("typescript");
    expect(lesson.requires).toEqual(["no-type-errors"]);
    expect(compileClean(codeLesson()).lesson.requires).toBeUndefined();
  });

  it("names, on the line of requires, a requirement of another language, one twice, or an unknown one", () => {
    const text = withRequires(codeLesson(), "[no-type-errors, valid-html, valid-html]");
    const line = text.split("\n").findIndex((l) => l.startsWith("requires:")) + 1;
    expect(compile(text).problems).toEqual([
      {
        line,
        message:
          "requires: no-type-errors applies to typescript and tsx lessons, and this one is python",
      },
      {
        line,
        message: "requires: valid-html applies to html and css lessons, and this one is python",
      },
      { line, message: "requires: valid-html is listed twice" },
    ]);
    const unknown = compile(withRequires(codeLesson(), "[no-warnings]"));
    expect(unknown.problems).toEqual([
      {
        line,
        message: expect.stringMatching(
          /^front matter requires\.0: Invalid option: expected one of "no-type-errors"\|"valid-html"/,
        ),
      },
    ]);
  });

  it("names requires on a lesson without checks", () => {
    const { problems } = compile(withRequires(explanationLesson(), "[valid-html]"));
    expect(problems).toEqual([
      { line: 5, message: "requires: a explanation lesson has no checks to add it to" },
    ]);
  });
});
