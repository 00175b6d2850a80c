/**
 * Languages: which language a file is written in (by its extension), and what the editor and the
 * runner need to know about each coding language (spec sections 3 and 5).
 */

/** The languages a lesson can run (spec section 3, codeLanguage values). */
export const CODE_LANGUAGES = [
  "html",
  "css",
  "javascript",
  "python",
  "sql",
  "jsx",
  "typescript",
  "tsx",
] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** Languages shown in snippets only; nothing runs them (spec section 3). */
export const DISPLAY_LANGUAGES = [
  "bash",
  "cpp",
  "csharp",
  "java",
  "kotlin",
  "lua",
  "php",
  "r",
  "ruby",
  "swift",
] as const;
export type DisplayLanguage = (typeof DISPLAY_LANGUAGES)[number];

/** What a file's extension says about it (spec section 5); "none" for anything else. */
export type FileLanguage =
  | "html"
  | "css"
  | "javascript"
  | "jsx"
  | "python"
  | "sql"
  | "json"
  | "typescript"
  | "tsx"
  | "none";

export const EXTENSION_LANGUAGES: Readonly<Record<string, Exclude<FileLanguage, "none">>> = {
  html: "html",
  css: "css",
  js: "javascript",
  jsx: "jsx",
  py: "python",
  sql: "sql",
  json: "json",
  ts: "typescript",
  tsx: "tsx",
};

/** Exact text of the error the spec's catalogue gives for an unknown coding language. */
export const UNKNOWN_CODE_LANGUAGE = "Unknown coding language";

/**
 * The language of a file name: the text after the last dot of its last path segment. Extensions
 * are compared case-insensitively, so `Main.PY` is python; a name without a dot is "none".
 */
export function languageOfFile(name: string): FileLanguage {
  const base = name.slice(name.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  if (dot === -1) return "none";
  const extension = base.slice(dot + 1).toLowerCase();
  return Object.hasOwn(EXTENSION_LANGUAGES, extension)
    ? (EXTENSION_LANGUAGES[extension] ?? "none")
    : "none";
}

export interface CodeLanguageInfo {
  /** The name shown to learners. */
  label: string;
  /** The usual file extension, without the dot. */
  extension: string;
  /** Whether Run works for it: true for codeLanguage values, false for display-only ones. */
  runnable: boolean;
  /** The file Run starts from (docs/content-format.md), or null when nothing runs it. */
  entryFile: string | null;
}

const CODE_LANGUAGE_INFO: Readonly<Record<CodeLanguage | DisplayLanguage, CodeLanguageInfo>> = {
  html: { label: "HTML", extension: "html", runnable: true, entryFile: "index.html" },
  // css lessons render the page, so they start from the html file like html lessons.
  css: { label: "CSS", extension: "css", runnable: true, entryFile: "index.html" },
  javascript: { label: "JavaScript", extension: "js", runnable: true, entryFile: "index.js" },
  python: { label: "Python", extension: "py", runnable: true, entryFile: "main.py" },
  sql: { label: "SQL", extension: "sql", runnable: true, entryFile: "query.sql" },
  jsx: { label: "JSX", extension: "jsx", runnable: true, entryFile: "App.jsx" },
  typescript: { label: "TypeScript", extension: "ts", runnable: true, entryFile: "index.ts" },
  tsx: { label: "TSX", extension: "tsx", runnable: true, entryFile: "App.tsx" },
  bash: { label: "Bash", extension: "sh", runnable: false, entryFile: null },
  cpp: { label: "C++", extension: "cpp", runnable: false, entryFile: null },
  csharp: { label: "C#", extension: "cs", runnable: false, entryFile: null },
  java: { label: "Java", extension: "java", runnable: false, entryFile: null },
  kotlin: { label: "Kotlin", extension: "kt", runnable: false, entryFile: null },
  lua: { label: "Lua", extension: "lua", runnable: false, entryFile: null },
  php: { label: "PHP", extension: "php", runnable: false, entryFile: null },
  r: { label: "R", extension: "r", runnable: false, entryFile: null },
  ruby: { label: "Ruby", extension: "rb", runnable: false, entryFile: null },
  swift: { label: "Swift", extension: "swift", runnable: false, entryFile: null },
};

export function isCodeLanguage(value: string): value is CodeLanguage {
  return (CODE_LANGUAGES as readonly string[]).includes(value);
}

export function isDisplayLanguage(value: string): value is DisplayLanguage {
  return (DISPLAY_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Editor and runner settings for a coding or display-only language. Takes a plain string because
 * languages arrive from content and saved data; anything outside the two lists throws
 * "Unknown coding language" (spec sections 5 and 8).
 */
export function codeLanguageInfo(language: string): CodeLanguageInfo {
  if (!isCodeLanguage(language) && !isDisplayLanguage(language)) {
    throw new Error(UNKNOWN_CODE_LANGUAGE);
  }
  return CODE_LANGUAGE_INFO[language];
}
