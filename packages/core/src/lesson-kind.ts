/**
 * The kind of a lesson (which lesson screen and runner it gets), derived from its files
 * (spec section 4: Lesson kind).
 */
import { type FileLanguage, languageOfFile } from "./language.ts";

export const LESSON_KINDS = ["sql", "html", "javascript", "python"] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

/** Only the name matters here; lesson files also carry content. */
export interface NamedFile {
  readonly name: string;
}

/**
 * Any sql file gives sql; else any html file gives html; else all javascript gives javascript;
 * else all python gives python; otherwise html.
 *
 * "All" needs at least one file: a lesson with no files falls to the spec's "otherwise" (html)
 * instead of being vacuously all javascript. Languages come from languageOfFile, so jsx, ts and
 * tsx files are not javascript, and a json file beside index.js makes the lesson html.
 */
export function lessonKind(files: readonly NamedFile[]): LessonKind {
  const languages = files.map((file) => languageOfFile(file.name));
  if (languages.includes("sql")) return "sql";
  if (languages.includes("html")) return "html";
  if (allAre(languages, "javascript")) return "javascript";
  if (allAre(languages, "python")) return "python";
  return "html";
}

function allAre(languages: readonly FileLanguage[], language: FileLanguage): boolean {
  return languages.length > 0 && languages.every((each) => each === language);
}
