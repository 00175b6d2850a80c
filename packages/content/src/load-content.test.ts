import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { catalogSchema } from "@lumen/contracts";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { compileLesson } from "./compile-lesson.ts";
import { loadContent } from "./load-content.ts";
import { parseLesson } from "./parse-lesson.ts";
import {
  codeLesson,
  explanationLesson,
  FENCE,
  HELLO_CHAPTER,
  lessonFile,
  multipleChoiceLesson,
  PLANETS_SEED,
  PROJECT_CHAPTER,
  projectLesson,
  pythonTree,
  sqlLesson,
  type Tree,
  tempContentDir,
  writeTree,
} from "./testing.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes `tree` to a new temporary content folder and loads it. */
function load(tree: Tree) {
  const dir = tempContentDir();
  dirs.push(dir);
  writeTree(dir, tree);
  return loadContent(dir);
}

/** The Python fixture with some files replaced (a value of undefined removes the file). */
function pythonWith(changes: Record<string, string | undefined>): Tree {
  const tree: Tree = pythonTree();
  for (const [rel, text] of Object.entries(changes)) {
    if (text === undefined) delete tree[rel];
    else tree[rel] = text;
  }
  return tree;
}

describe("loadContent: the catalog of a valid content folder", () => {
  it("builds the track, its sections, tutorials, chapters and lessons in prefix order", () => {
    const { catalog, problems } = load(pythonTree());
    expect(problems).toEqual([]);
    expect(catalog.tracks).toHaveLength(1);
    const [track] = catalog.tracks;
    expect({ ...track, tutorials: undefined }).toEqual({
      id: 1,
      slug: "python",
      title: "Python",
      description: "Learn to program with Python.",
      language: "python",
      version: 1,
      sections: [
        { index: 0, title: "Foundations", tutorialIds: [101] },
        { index: 1, title: "Projects", tutorialIds: [102] },
      ],
      tutorials: undefined,
    });
    const outline = track?.tutorials.map(({ chapters, ...tutorial }) => ({
      ...tutorial,
      chapters: chapters.map(({ lessons, ...chapter }) => ({
        ...chapter,
        lessons: lessons.map((l) => [l.id, l.index, l.slug, l.type]),
      })),
    }));
    expect(outline).toEqual([
      {
        id: 101,
        slug: "hello-python",
        title: "Hello, Python",
        description: "Write and run your first programs.",
        // Defaults to false when tutorial.yaml leaves it out.
        project: false,
        chapters: [
          {
            id: 10101,
            slug: "first-steps",
            title: "First steps",
            lessons: [
              [1010101, 0, "what-is-python", "explanation"],
              [1010102, 1, "strings-need-quotes", "multiple-choice"],
              [1010103, 2, "complete-the-loop", "fill-in"],
              [1010104, 3, "print-a-greeting", "code"],
              [1010105, 4, "print-again", "code"],
              [1010106, 5, "recap", "multiple-choice"],
            ],
          },
        ],
      },
      {
        id: 102,
        slug: "project-greeter",
        title: "Greeter",
        description: "Build a greeter.",
        project: true,
        chapters: [
          {
            id: 10201,
            slug: "build-it",
            title: "Build it",
            lessons: [1, 2, 3, 4, 5].map((n) => [1020100 + n, n - 1, `step-${n}`, "project"]),
          },
        ],
      },
    ]);
  });

  it("gives each lesson as compileLesson compiles it, with its file and wrong answers", () => {
    const tree = pythonTree();
    const loaded = load(tree);
    const rel = `${HELLO_CHAPTER}/04-print-a-greeting.md`;
    const expected = compileLesson(parseLesson(tree[rel] ?? ""), {
      index: 3,
      slug: "print-a-greeting",
      trackLanguage: "python",
    }).compiled;
    const lesson = loaded.catalog.tracks[0]?.tutorials[0]?.chapters[0]?.lessons[3];
    expect(lesson).toEqual(expected?.lesson);
    expect(loaded.lessonFiles.get(1010104)).toBe(rel);
    expect(loaded.wrongAnswers.get(1010104)).toEqual(expected?.wrong);
    expect(loaded.wrongAnswers.get(1010104)).toHaveLength(2);
    expect(loaded.wrongAnswers.get(1010101)).toEqual([]);
    expect(loaded.lessonFiles.size).toBe(11);
    expect(loaded.wrongAnswers.size).toBe(11);
  });

  it("reads the glossary, keyed by language, with related defaulting to none", () => {
    const { catalog } = load(pythonTree());
    expect(catalog.glossary).toEqual({
      python: [
        {
          slug: "variable",
          term: "Variable",
          definition: "A name that refers to a value.",
          example: "age = 12",
          related: ["string"],
        },
        {
          slug: "string",
          term: "String",
          definition: "A piece of text.",
          example: 'name = "Ada"',
          related: [],
        },
      ],
    });
  });

  it("gives a catalog that satisfies the catalog contract", () => {
    const { catalog } = load(pythonTree());
    expect(catalogSchema.parse(catalog)).toEqual(catalog);
  });

  it("loads an empty folder as an empty catalog", () => {
    expect(load({})).toEqual({
      catalog: { tracks: [], glossary: {} },
      wrongAnswers: new Map(),
      survivors: new Map(),
      lessonFiles: new Map(),
      checksLines: new Map(),
      problems: [],
    });
  });

  it("gives each SQL lesson the nearest seed.sql: the chapter's, else the tutorial's, else the track's", () => {
    const tutorial = "tracks/sql/01-querying";
    const lessons = (chapter: string, chapterId: number, tree: Tree) => {
      for (let n = 1; n <= 5; n++) {
        tree[`${chapter}/0${n}-select-${n}.md`] = sqlLesson({ id: chapterId * 100 + n });
      }
    };
    const tree: Tree = {
      "tracks/sql/track.yaml": [
        "id: 4",
        "title: SQL",
        "description: Ask a database questions.",
        "language: sql",
        "sections:",
        "  - title: Basics",
        "    tutorials: [querying, changing]",
        "",
      ].join("\n"),
      "tracks/sql/seed.sql": "-- track seed",
      [`${tutorial}/tutorial.yaml`]: "id: 401\ntitle: Querying\ndescription: Select rows.\n",
      [`${tutorial}/seed.sql`]: "-- tutorial seed",
      [`${tutorial}/01-own-seed/chapter.yaml`]: "id: 40101\ntitle: Own seed\n",
      [`${tutorial}/01-own-seed/seed.sql`]: PLANETS_SEED,
      [`${tutorial}/02-tutorial-seed/chapter.yaml`]: "id: 40102\ntitle: Tutorial seed\n",
      "tracks/sql/02-changing/tutorial.yaml":
        "id: 402\ntitle: Changing\ndescription: Update rows.\n",
      "tracks/sql/02-changing/01-track-seed/chapter.yaml": "id: 40201\ntitle: Track seed\n",
    };
    lessons(`${tutorial}/01-own-seed`, 40101, tree);
    lessons(`${tutorial}/02-tutorial-seed`, 40102, tree);
    lessons("tracks/sql/02-changing/01-track-seed", 40201, tree);
    tree[`${tutorial}/01-own-seed/05-select-5.md`] = sqlLesson({ id: 4010105, seed: true });

    const { catalog, problems } = load(tree);
    expect(problems).toEqual([]);
    const seeds = catalog.tracks[0]?.tutorials.flatMap((t) =>
      t.chapters.map((c) => c.lessons.map((l) => l.seed)),
    );
    expect(seeds).toEqual([
      [PLANETS_SEED, PLANETS_SEED, PLANETS_SEED, PLANETS_SEED, "CREATE TABLE moons (name TEXT);"],
      Array(5).fill("-- tutorial seed"),
      Array(5).fill("-- track seed"),
    ]);
  });
});

describe("loadContent: each malformed lesson is reported as file:line: what is wrong", () => {
  const rel = `${HELLO_CHAPTER}/01-what-is-python.md`;
  const frontMatterMissing = [
    `${rel}:2: front matter id: Invalid input: expected number, received undefined`,
    `${rel}:2: front matter title: Invalid input: expected string, received undefined`,
    `${rel}:2: front matter type: Invalid option: expected one of "explanation"|"multiple-choice"|"fill-in"|"code"|"project"`,
  ];
  const explanation = (...body: string[]) =>
    lessonFile({ id: 1010101, title: "What is Python?", type: "explanation" }, body);

  it.each([
    [
      "no front matter",
      "# --explanation--\n\nHi.\n",
      [`${rel}:1: a lesson starts with --- front matter`, ...frontMatterMissing],
    ],
    [
      "front matter never closed",
      "---\nid: 1010101\n# --explanation--\nHi.\n",
      [
        `${rel}:1: front matter is not closed with ---`,
        `${rel}:1: text before the first # --section-- heading`,
        `${rel}:2: text before the first # --section-- heading`,
        ...frontMatterMissing,
      ],
    ],
    [
      "front matter that is not a mapping",
      "---\nWhat is Python\n---\n# --explanation--\nHi.\n",
      [`${rel}:2: front matter must be a YAML mapping`, ...frontMatterMissing],
    ],
    [
      "front matter that is not valid YAML",
      "---\nid: 1010101\ntitle: What\ntitle: Again\ntype: explanation\n---\n# --explanation--\nHi.\n",
      [`${rel}:4: front matter is not valid YAML: Map keys must be unique`, ...frontMatterMissing],
    ],
    [
      "a section that appears twice",
      explanation("# --explanation--", "A.", "# --explanation--", "B."),
      [`${rel}:9: section --explanation-- appears twice`],
    ],
    [
      "text before the first section",
      explanation("Stray.", "# --explanation--", "A."),
      [`${rel}:7: text before the first # --section-- heading`],
    ],
    [
      "a code block that is never closed",
      explanation(
        "# --explanation--",
        "A.",
        "# --example--",
        `${FENCE}python file=main.py`,
        "x = 1",
      ),
      [`${rel}:10: code block is not closed`, `${rel}:9: --example-- has no file blocks`],
    ],
    [
      "a required section left out",
      lessonFile({ id: 1010101, title: "Pick", type: "multiple-choice" }, ["# --question--", "?"]),
      [`${rel}:1: a multiple-choice lesson needs a --choices-- section`],
    ],
    [
      "a choice without its mark",
      multipleChoiceLesson({ id: 1010101 }).replace("- [ ] `print(Hi)`", "- `print(Hi)`"),
      [
        `${rel}:19: a choice starts with [x] (right) or [ ] (wrong)`,
        `${rel}:15: give at least two plausible wrong choices`,
      ],
    ],
  ])("%s", (_name, text, expected) => {
    expect(load(pythonWith({ [rel]: text })).problems).toEqual(expected);
  });

  it("names the lesson whose id is not its chapter's id × 100 + n", () => {
    const lesson = `${HELLO_CHAPTER}/04-print-a-greeting.md`;
    const { problems } = load(pythonWith({ [lesson]: codeLesson({ id: 1010204 }) }));
    expect(problems).toEqual([
      `${lesson}:2: lesson id 1010204 must be chapter id × 100 + n (or, from a chapter's 100th lesson, 1000000000 + chapter id × 1000 + n)`,
    ]);
  });

  it("names a project lesson outside a project tutorial", () => {
    const lesson = `${HELLO_CHAPTER}/04-print-a-greeting.md`;
    const { problems } = load(pythonWith({ [lesson]: projectLesson({ id: 1010104 }) }));
    expect(problems).toEqual([
      `${lesson}:2: a project lesson belongs in a tutorial with project: true`,
    ]);
  });
});

describe("loadContent: problems in the folder's structure and YAML files", () => {
  it("names a chapter with too few or too many lessons", () => {
    const few = load(pythonWith({ [`${PROJECT_CHAPTER}/05-step-5.md`]: undefined }));
    expect(few.problems).toEqual([
      `${PROJECT_CHAPTER}/chapter.yaml:1: a chapter has 5 to 10 lessons; this one has 4`,
    ]);
    const extra: Tree = {};
    for (let n = 6; n <= 11; n++) {
      extra[`${PROJECT_CHAPTER}/${String(n).padStart(2, "0")}-step-${n}.md`] = projectLesson({
        id: 1020100 + n,
      });
    }
    const many = load({ ...pythonTree(), ...extra });
    expect(many.problems).toEqual([
      `${PROJECT_CHAPTER}/chapter.yaml:1: a chapter has 5 to 10 lessons; this one has 11`,
    ]);
    // Two-digit prefixes order 10 and 11 after 09.
    const lessons = many.catalog.tracks[0]?.tutorials[1]?.chapters[0]?.lessons ?? [];
    expect(lessons.map((l) => l.slug).slice(-3)).toEqual(["step-9", "step-10", "step-11"]);
  });

  it("names a folder or lesson file without its NN- prefix, and skips it", () => {
    const { problems, catalog } = load({
      ...pythonTree(),
      [`${HELLO_CHAPTER}/intro.md`]: explanationLesson({ id: 1010107 }),
      [`${HELLO_CHAPTER}/07-Recap-Two.md`]: explanationLesson({ id: 1010108 }),
      "tracks/python/3-extra/tutorial.yaml": "id: 103\ntitle: Extra\ndescription: More.\n",
      // Other files in a chapter are not lessons.
      [`${HELLO_CHAPTER}/notes.txt`]: "not a lesson",
    });
    expect(problems).toEqual([
      "tracks/python/3-extra:1: name must be NN-slug (two digits, then lowercase words joined by -)",
      `${HELLO_CHAPTER}/07-Recap-Two.md:1: name must be NN-slug (two digits, then lowercase words joined by -)`,
      `${HELLO_CHAPTER}/intro.md:1: name must be NN-slug (two digits, then lowercase words joined by -)`,
    ]);
    expect(catalog.tracks[0]?.tutorials.map((t) => t.slug)).toEqual([
      "hello-python",
      "project-greeter",
    ]);
    expect(catalog.tracks[0]?.tutorials[0]?.chapters[0]?.lessons).toHaveLength(6);
  });

  it("names tutorial and chapter ids that break the id scheme", () => {
    const { problems } = load(
      pythonWith({
        "tracks/python/02-project-greeter/tutorial.yaml":
          "id: 202\ntitle: Greeter\ndescription: Build a greeter.\nproject: true\n",
        [`${HELLO_CHAPTER}/chapter.yaml`]: "id: 10201\ntitle: First steps\n",
      }),
    );
    expect(problems).toEqual([
      `${HELLO_CHAPTER}/chapter.yaml:1: chapter id 10201 must be tutorial id × 100 + n`,
      ...[1, 2, 3, 4, 5, 6].map((n) => {
        const file = [
          "01-what-is-python",
          "02-strings-need-quotes",
          "03-complete-the-loop",
          "04-print-a-greeting",
          "05-print-again",
          "06-recap",
        ][n - 1];
        return `${HELLO_CHAPTER}/${file}.md:2: lesson id ${1010100 + n} must be chapter id × 100 + n (or, from a chapter's 100th lesson, 1000000000 + chapter id × 1000 + n)`;
      }),
      "tracks/python/02-project-greeter/tutorial.yaml:1: tutorial id 202 must be track id × 100 + n (101, 102, ...)",
      `${PROJECT_CHAPTER}/chapter.yaml:1: chapter id 10201 is already used by ${HELLO_CHAPTER}/chapter.yaml`,
      `${PROJECT_CHAPTER}/chapter.yaml:1: chapter id 10201 must be tutorial id × 100 + n`,
    ]);
  });

  it("names an id used twice, with the file that used it first", () => {
    const { problems } = load(
      pythonWith({
        [`${HELLO_CHAPTER}/05-print-again.md`]: codeLesson({ id: 1010104 }),
        "tracks/web/track.yaml": [
          "id: 1",
          "title: Web",
          "description: Pages.",
          "language: html",
          "sections:",
          "  - title: Pages",
          "    tutorials: [none-yet]",
          "",
        ].join("\n"),
      }),
    );
    expect(problems).toEqual([
      `${HELLO_CHAPTER}/05-print-again.md:1: lesson id 1010104 is already used by ${HELLO_CHAPTER}/04-print-a-greeting.md`,
      "tracks/web/track.yaml:1: track id 1 is already used by tracks/python/track.yaml",
      'tracks/web/track.yaml:1: section "Pages" names unknown tutorial none-yet',
    ]);
  });

  it("names tutorials missing from the sections, or in two of them", () => {
    const trackYaml = (sections: string[]) =>
      [
        "id: 1",
        "title: Python",
        "description: Learn to program with Python.",
        "language: python",
        "sections:",
        ...sections,
        "",
      ].join("\n");
    const { problems } = load(
      pythonWith({
        "tracks/python/track.yaml": trackYaml([
          "  - title: Foundations",
          "    tutorials: [hello-python]",
          "  - title: Again",
          "    tutorials: [hello-python]",
        ]),
      }),
    );
    expect(problems).toEqual([
      "tracks/python/track.yaml:1: tutorial hello-python must be in exactly one section (found in 2)",
      "tracks/python/track.yaml:1: tutorial project-greeter must be in exactly one section (found in 0)",
    ]);
  });

  it("names a missing YAML file, and skips what it would describe", () => {
    const { problems, catalog } = load(
      pythonWith({ [`${PROJECT_CHAPTER}/chapter.yaml`]: undefined }),
    );
    expect(problems).toEqual([`${PROJECT_CHAPTER}/chapter.yaml:1: file is missing`]);
    expect(catalog.tracks[0]?.tutorials[1]?.chapters).toEqual([]);
  });

  it("names the line of a YAML syntax error and of each field that does not fit", () => {
    const { problems, catalog } = load({
      ...pythonTree(),
      "tracks/web/track.yaml": "id: 3\ntitle: [Web\ndescription: Pages.\n",
      "tracks/sql/track.yaml": [
        "id: 4",
        "title: SQL",
        "description: Databases.",
        "language: cobol",
        "sections:",
        "  - title: Basics",
        "    tutorials: []",
        "colour: blue",
        "",
      ].join("\n"),
      "tracks/python/01-hello-python/tutorial.yaml":
        "id: 101\ntitle: Hello, Python\ndescription: Start.\nproject: maybe\n",
    });
    expect(problems).toEqual([
      "tracks/python/01-hello-python/tutorial.yaml:4: project: Invalid input: expected boolean, received string",
      'tracks/python/track.yaml:1: section "Foundations" names unknown tutorial hello-python',
      'tracks/sql/track.yaml:4: language: Invalid option: expected one of "html"|"css"|"javascript"|"python"|"sql"|"jsx"|"typescript"|"tsx"',
      "tracks/sql/track.yaml:7: sections.0.tutorials: Too small: expected array to have >=1 items",
      'tracks/sql/track.yaml:1: (file): Unrecognized key: "colour"',
      "tracks/web/track.yaml:3: Flow sequence in block collection must be sufficiently indented and end with a ] at line 3, column 1:",
    ]);
    expect(catalog.tracks.map((t) => t.slug)).toEqual(["python"]);
  });

  it("names a character reference in a title or description, which would show as written", () => {
    const { problems } = load(
      pythonWith({
        [`${HELLO_CHAPTER}/chapter.yaml`]:
          "id: 10101\n# &amp; in a comment is fine\ntitle: Tags &amp; elements\n",
        "tracks/python/01-hello-python/tutorial.yaml":
          "id: 101\ntitle: Hello, Python\ndescription: Say &quot;hi&quot;.\n",
      }),
    );
    expect(problems).toEqual([
      "tracks/python/01-hello-python/tutorial.yaml:3: this text is shown as plain text, so &quot; would show as written: type the character itself",
      `${HELLO_CHAPTER}/chapter.yaml:3: this text is shown as plain text, so &amp; would show as written: type the character itself`,
    ]);
  });

  it("names a glossary term whose related term is not in the same file", () => {
    const tree = pythonTree();
    const glossary = (tree["glossary/python.yaml"] ?? "").replace(
      "related: [string]",
      "related: [string, loop]",
    );
    const { problems } = load({ ...tree, "glossary/python.yaml": glossary });
    expect(problems).toEqual(["glossary/python.yaml:7: variable names unknown related term loop"]);
  });

  it("collects the problems of every file in one pass instead of stopping at the first", () => {
    const { problems } = load(
      pythonWith({
        [`${HELLO_CHAPTER}/01-what-is-python.md`]: `${explanationLesson()}\n${FENCE}\n`,
        [`${HELLO_CHAPTER}/05-print-again.md`]: codeLesson({ id: 1010104 }),
        [`${PROJECT_CHAPTER}/05-step-5.md`]: undefined,
        "tracks/python/03-extra/tutorial.yaml": "id: 103\ntitle: Extra\ndescription: More.\n",
        "tracks/python/03-extra/01-no-meta/01-a.md": explanationLesson({ id: 1030101 }),
        "glossary/python.yaml": "language: python\nterms: []\n",
      }),
    );
    expect(problems).toEqual([
      `${HELLO_CHAPTER}/01-what-is-python.md:19: code block is not closed`,
      `${HELLO_CHAPTER}/05-print-again.md:1: lesson id 1010104 is already used by ${HELLO_CHAPTER}/04-print-a-greeting.md`,
      `${PROJECT_CHAPTER}/chapter.yaml:1: a chapter has 5 to 10 lessons; this one has 4`,
      "tracks/python/03-extra/01-no-meta/chapter.yaml:1: file is missing",
      "tracks/python/track.yaml:1: tutorial extra must be in exactly one section (found in 0)",
      "glossary/python.yaml:2: terms: Too small: expected array to have >=1 items",
    ]);
  });
});

describe("the curriculum in content/", () => {
  const contentDir = path.resolve(fileURLToPath(import.meta.url), "../../../../content");
  let loaded: ReturnType<typeof loadContent>;
  beforeAll(() => {
    loaded = loadContent(contentDir);
  });

  it("loads with no problems", () => {
    expect(loaded.problems).toEqual([]);
  });

  it("has the five tracks of the id scheme, each lesson once, and a glossary per language", () => {
    const { catalog } = loaded;
    expect(catalog.tracks.map((t) => [t.id, t.slug]).sort()).toEqual([
      [1, "python"],
      [2, "javascript"],
      [3, "web"],
      [4, "sql"],
      [5, "react-typescript"],
    ]);
    const lessons = catalog.tracks.flatMap((t) =>
      t.tutorials.flatMap((tu) => tu.chapters.flatMap((c) => c.lessons)),
    );
    expect(new Set(lessons.map((l) => l.id)).size).toBe(lessons.length);
    expect(loaded.lessonFiles.size).toBe(lessons.length);
    expect(Object.keys(catalog.glossary).sort()).toEqual([
      "css",
      "html",
      "javascript",
      "python",
      "sql",
      "typescript",
    ]);
    expect(catalogSchema.parse(catalog)).toEqual(catalog);
  });

  it("has at least one wrong answer for every code and project lesson", () => {
    const lessons = loaded.catalog.tracks.flatMap((t) =>
      t.tutorials.flatMap((tu) => tu.chapters.flatMap((c) => c.lessons)),
    );
    const challenges = lessons.filter((l) => l.type === "code" || l.type === "project");
    expect(challenges.length).toBeGreaterThan(0);
    for (const lesson of challenges) {
      expect(loaded.wrongAnswers.get(lesson.id)?.length, `lesson ${lesson.id}`).toBeGreaterThan(0);
    }
  });
});
