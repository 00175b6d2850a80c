/**
 * Catalog fixtures for server tests (test code only): one JavaScript code lesson whose check wants
 * the output "Hello", in a track of one section, one tutorial and one chapter (track 2, tutorial
 * 201, chapter 20101, lesson 2010102).
 */
import type { Lesson, Track } from "@lumen/contracts";

export const HELLO_LESSON: Lesson = {
  id: 2010102,
  index: 0,
  slug: "log",
  title: "Log",
  type: "code",
  codeLanguage: "javascript",
  kind: "javascript",
  explanationHtml: "<p>Log Hello.</p>",
  executableContent: {
    files: [{ name: "index.js", content: "", readonly: false, hidden: false }],
  },
  hints: [],
  checks: 'test("Logs Hello", () => { assertEqual(output, "Hello", "Log exactly Hello."); });',
};

export const HELLO_TRACK: Track = {
  id: 2,
  slug: "javascript",
  title: "JavaScript",
  description: "",
  language: "javascript",
  version: 1,
  sections: [{ index: 0, title: "Basics", tutorialIds: [201] }],
  tutorials: [
    {
      id: 201,
      slug: "t",
      title: "T",
      description: "",
      project: false,
      chapters: [{ id: 20101, slug: "c", title: "C", lessons: [HELLO_LESSON] }],
    },
  ],
};
