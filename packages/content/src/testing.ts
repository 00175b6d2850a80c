/**
 * Test data for the content pipeline's tests: lesson files built line by line (so a test can
 * count the line a problem is reported on) and small content trees written to a temporary folder.
 * Each builder gives a valid lesson of one type; overrides change its id and title.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const FENCE = "```";

/**
 * A lesson file: line 1 is `---`, the fields follow one a line, then `---`, a blank line and the
 * body (so with id, title and type the body starts on line 7).
 */
export function lessonFile(fields: Record<string, string | number>, body: string[]): string {
  const front = Object.entries(fields).map(([key, value]) => `${key}: ${value}`);
  return ["---", ...front, "---", "", ...body, ""].join("\n");
}

export interface LessonOverrides {
  id?: number;
  title?: string;
}

export function explanationLesson({
  id = 1010101,
  title = "What is Python?",
}: LessonOverrides = {}) {
  return lessonFile({ id, title, type: "explanation" }, [
    "# --explanation--",
    "",
    "`print()` shows a value in the **output** panel.",
    "",
    "## Try it",
    "",
    "# --example--",
    "",
    `${FENCE}python file=main.py`,
    'print("Hello!")',
    FENCE,
  ]);
}

export function multipleChoiceLesson({
  id = 1010102,
  title = "Strings need quotes",
}: LessonOverrides = {}) {
  return lessonFile({ id, title, type: "multiple-choice" }, [
    "# --explanation--",
    "",
    "Text goes inside quotes.",
    "",
    "# --question--",
    "",
    "Which line prints *Hi*?",
    "",
    "# --choices--",
    "",
    '- [x] `print("Hi")`',
    "  > Right: the text is in quotes.",
    "- [ ] `print(Hi)`",
    "- [ ] `Print` with a capital",
    "  > Python is case-sensitive.",
  ]);
}

export function fillInLesson({ id = 1010103, title = "Complete the loop" }: LessonOverrides = {}) {
  return lessonFile({ id, title, type: "fill-in" }, [
    "# --question--",
    "",
    "Print every planet.",
    "",
    "# --snippet--",
    "",
    `${FENCE}python`,
    "[[for]] planet in planets:",
    "    [[print]](planet)",
    FENCE,
    "",
    "# --distractors--",
    "",
    "- while",
    "- `show`",
  ]);
}

export function codeLesson({ id = 1010104, title = "Print a greeting" }: LessonOverrides = {}) {
  return lessonFile({ id, title, type: "code" }, [
    "# --explanation--",
    "",
    "Print `Hello, world!`.",
    "",
    "# --files--",
    "",
    `${FENCE}python file=main.py`,
    "# Write your code below",
    "",
    "",
    FENCE,
    "",
    `${FENCE}python file=helpers.py readonly`,
    "def shout(text):",
    "    return text.upper()",
    FENCE,
    "",
    `${FENCE}python file=setup.py hidden`,
    "planets = []",
    FENCE,
    "",
    "# --solution--",
    "",
    `${FENCE}python file=main.py`,
    "# Write your code below",
    'print("Hello, world!")',
    FENCE,
    "",
    "# --checks--",
    "",
    `${FENCE}python`,
    '@test("Prints Hello, world!")',
    "def _():",
    '    assert stdout.strip() == "Hello, world!", "Print exactly Hello, world!"',
    FENCE,
    "",
    "# --wrong--",
    "",
    `${FENCE}python file=main.py expect="Print exactly Hello, world!"`,
    'print("hello world")',
    FENCE,
    "",
    `${FENCE}python file=main.py expect="Print exactly"`,
    'print("Hello world")',
    FENCE,
    "",
    "# --hints--",
    "",
    '- Text goes inside quotes: `"Hello, world!"`.',
    "- Call **print**",
    "  with the text.",
  ]);
}

export function projectLesson({ id = 1020101, title = "Greet the user" }: LessonOverrides = {}) {
  return lessonFile({ id, title, type: "project" }, [
    "# --explanation--",
    "",
    "Split the greeting into a module.",
    "",
    "# --files--",
    "",
    `${FENCE}python file=main.py`,
    "from greet import greet",
    FENCE,
    "",
    `${FENCE}python file=greet.py`,
    "def greet(name):",
    "    pass",
    FENCE,
    "",
    "# --solution--",
    "",
    `${FENCE}python file=main.py`,
    "from greet import greet",
    'print(greet("Ada"))',
    FENCE,
    "",
    `${FENCE}python file=greet.py`,
    "def greet(name):",
    '    return f"Hi, {name}!"',
    FENCE,
    "",
    "# --checks--",
    "",
    `${FENCE}python`,
    '@test("Greets Ada")',
    "def _():",
    '    assert stdout.strip() == "Hi, Ada!", "Print Hi, Ada!"',
    FENCE,
    "",
    "# --wrong--",
    "",
    `${FENCE}python file=main.py case=1 expect="Print Hi, Ada!"`,
    "from greet import greet",
    'print(greet("Bob"))',
    FENCE,
    "",
    `${FENCE}python file=greet.py case=1`,
    "def greet(name):",
    '    return f"Hello, {name}!"',
    FENCE,
  ]);
}

export const PLANETS_SEED = [
  "CREATE TABLE planets (name TEXT);",
  "INSERT INTO planets VALUES ('Mercury');",
].join("\n");

/** An SQL code lesson; `seed: true` gives it its own --seed-- section. */
export function sqlLesson({
  id = 4010101,
  title = "Select names",
  seed = false,
}: LessonOverrides & { seed?: boolean } = {}) {
  return lessonFile({ id, title, type: "code" }, [
    "# --explanation--",
    "",
    "Select every planet's name.",
    "",
    "# --files--",
    "",
    `${FENCE}sql file=query.sql`,
    "-- Write your query below",
    FENCE,
    "",
    "# --solution--",
    "",
    `${FENCE}sql file=query.sql`,
    "SELECT name FROM planets;",
    FENCE,
    "",
    "# --checks--",
    "",
    `${FENCE}json`,
    '[{"name": "Selects names", "kind": "result", "columns": ["name"], "rows": [["Mercury"]], "message": "Select the name column."}]',
    FENCE,
    "",
    "# --wrong--",
    "",
    `${FENCE}sql file=query.sql expect="Select the name column."`,
    "SELECT * FROM planets;",
    FENCE,
    ...(seed
      ? ["", "# --seed--", "", `${FENCE}sql`, "CREATE TABLE moons (name TEXT);", FENCE]
      : []),
  ]);
}

/** Relative path to file text. */
export type Tree = Record<string, string>;

export function tempContentDir(): string {
  return mkdtempSync(path.join(tmpdir(), "lumen-content-test-"));
}

export function writeTree(root: string, tree: Tree): void {
  for (const [rel, text] of Object.entries(tree)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

export const HELLO_CHAPTER = "tracks/python/01-hello-python/01-first-steps";
export const PROJECT_CHAPTER = "tracks/python/02-project-greeter/01-build-it";

/**
 * A small valid Python track: a tutorial whose chapter holds one lesson of each non-project type
 * (six lessons, so removing one still leaves a valid chapter), a project tutorial of five project
 * lessons, and a glossary.
 */
export function pythonTree(): Tree {
  const project: Tree = {};
  for (let n = 1; n <= 5; n++) {
    project[`${PROJECT_CHAPTER}/0${n}-step-${n}.md`] = projectLesson({
      id: 1020100 + n,
      title: `Step ${n}`,
    });
  }
  return {
    "tracks/python/track.yaml": [
      "id: 1",
      "title: Python",
      "description: Learn to program with Python.",
      "language: python",
      "sections:",
      "  - title: Foundations",
      "    tutorials: [hello-python]",
      "  - title: Projects",
      "    tutorials: [project-greeter]",
      "",
    ].join("\n"),
    "tracks/python/01-hello-python/tutorial.yaml":
      "id: 101\ntitle: Hello, Python\ndescription: Write and run your first programs.\n",
    [`${HELLO_CHAPTER}/chapter.yaml`]: "id: 10101\ntitle: First steps\n",
    [`${HELLO_CHAPTER}/01-what-is-python.md`]: explanationLesson({ id: 1010101 }),
    [`${HELLO_CHAPTER}/02-strings-need-quotes.md`]: multipleChoiceLesson({ id: 1010102 }),
    [`${HELLO_CHAPTER}/03-complete-the-loop.md`]: fillInLesson({ id: 1010103 }),
    [`${HELLO_CHAPTER}/04-print-a-greeting.md`]: codeLesson({ id: 1010104 }),
    [`${HELLO_CHAPTER}/05-print-again.md`]: codeLesson({ id: 1010105, title: "Print again" }),
    [`${HELLO_CHAPTER}/06-recap.md`]: multipleChoiceLesson({ id: 1010106, title: "Recap" }),
    "tracks/python/02-project-greeter/tutorial.yaml":
      "id: 102\ntitle: Greeter\ndescription: Build a greeter.\nproject: true\n",
    [`${PROJECT_CHAPTER}/chapter.yaml`]: "id: 10201\ntitle: Build it\n",
    ...project,
    "glossary/python.yaml": [
      "language: python",
      "terms:",
      "  - slug: variable",
      "    term: Variable",
      "    definition: A name that refers to a value.",
      "    example: age = 12",
      "    related: [string]",
      "  - slug: string",
      "    term: String",
      "    definition: A piece of text.",
      '    example: name = "Ada"',
      "",
    ].join("\n"),
  };
}
