/**
 * Test code only: a small two-track catalog for the library's tests. The word "zephyrine"
 * appears only in one lesson's prose (a locked one, in the JavaScript track's second section);
 * "hiddensecret" only in a hidden file, "solutionsecret" only in a solution, "hintsecret" only in
 * a hint: none of those may ever be found.
 */
import type { Catalog, Chapter, Lesson, Track } from "@lumen/contracts";

export const lesson = (id: number, index: number, overrides: Partial<Lesson> = {}): Lesson => ({
  id,
  index,
  slug: `lesson-${id}`,
  title: `Lesson ${id}`,
  type: "explanation",
  codeLanguage: "javascript",
  kind: "javascript",
  explanationHtml: `<p>Plain words of lesson ${id}.</p>`,
  executableContent: { files: [] },
  hints: [],
  ...overrides,
});

const chapter = (id: number, title: string, lessons: Lesson[]): Chapter => ({
  id,
  slug: `c-${id}`,
  title,
  lessons,
});

export const JS_TRACK: Track = {
  id: 2,
  slug: "javascript",
  title: "JavaScript",
  description: "Program the web page with JavaScript.",
  language: "javascript",
  version: 1,
  sections: [
    { index: 0, title: "Basics", tutorialIds: [201, 202] },
    { index: 1, title: "More", tutorialIds: [203] },
  ],
  tutorials: [
    {
      id: 201,
      slug: "variables",
      title: "Variables",
      description: "Name values and change them.",
      project: false,
      chapters: [
        chapter(20101, "Let and const", [
          lesson(2010101, 0, {
            title: "Declaring variables",
            explanationHtml: "<p>Use <code>let</code> for a value that changes &amp; grows.</p>",
          }),
          lesson(2010102, 1, {
            type: "code",
            title: "Counting loops",
            explanationHtml: "<p>Count from one to ten with a loop.</p>",
            executableContent: {
              files: [
                { name: "index.js", content: "// start", readonly: false, hidden: false },
                { name: "check.js", content: "hiddensecret()", readonly: true, hidden: true },
              ],
            },
            solution: [
              { name: "index.js", content: "solutionsecret()", readonly: false, hidden: false },
            ],
            hints: ["Try hintsecret."],
          }),
        ]),
      ],
    },
    {
      id: 202,
      slug: "functions",
      title: "Functions",
      description: "Reuse code by giving it a name.",
      project: false,
      chapters: [chapter(20201, "Defining functions", [lesson(2020101, 0)])],
    },
    {
      id: 203,
      slug: "events",
      title: "Events",
      description: "React to clicks and keys.",
      project: false,
      chapters: [
        chapter(20301, "Listening", [
          lesson(2030101, 0, {
            title: "Click handlers",
            explanationHtml:
              "<p>The zephyrine handler runs on every click. Ünïcödé naïve café.</p>",
          }),
        ]),
      ],
    },
  ],
};

export const PY_TRACK: Track = {
  id: 3,
  slug: "python",
  title: "Python",
  description: "A friendly language for scripts and data.",
  language: "python",
  version: 1,
  sections: [{ index: 0, title: "Start", tutorialIds: [301] }],
  tutorials: [
    {
      id: 301,
      slug: "loops",
      title: "Loops in Python",
      description: "Repeat with for and while.",
      project: false,
      chapters: [
        chapter(30101, "For loops", [
          lesson(3010101, 0, {
            codeLanguage: "python",
            kind: "python",
            title: "Looping over a list",
            explanationHtml: "<p>A loop visits each item of a list.</p>",
          }),
        ]),
      ],
    },
  ],
};

export const LIBRARY_CATALOG: Catalog = { tracks: [JS_TRACK, PY_TRACK], glossary: {} };
