/** The curriculum pipeline: read content/, validate it, compile the catalog. */
export { exampleLines, typeErrorProblems } from "./check-glossary.ts";
export * from "./compile-lesson.ts";
export * from "./ids.ts";
export * from "./load-content.ts";
export * from "./markup.ts";
export * from "./mutation/index.ts";
export * from "./parse-lesson.ts";
export * from "./publish.ts";
export * from "./syllabus.ts";
