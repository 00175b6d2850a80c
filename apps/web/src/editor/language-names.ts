/**
 * The names of every language a lesson can show (spec section 3) and how fence names and file
 * extensions map to them. Kept apart from the CodeMirror language packs (languages.ts), so that
 * screens can name a language without downloading the editor.
 */
import { CODE_LANGUAGES, DISPLAY_LANGUAGES } from "@lumen/core";

/** Every coding and display-only language of spec section 3 (core's lists), plus JSON. */
export const EDITOR_LANGUAGES = [...CODE_LANGUAGES, "json", ...DISPLAY_LANGUAGES] as const;
export type EditorLanguage = (typeof EDITOR_LANGUAGES)[number];

/** Names authors write in a fence (```js) mapped to the language they mean. */
const ALIASES: Record<string, EditorLanguage> = {
  js: "javascript",
  mjs: "javascript",
  ts: "typescript",
  py: "python",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  "c++": "cpp",
  c: "cpp",
  "c#": "csharp",
  cs: "csharp",
  kt: "kotlin",
  rb: "ruby",
  htm: "html",
  xml: "html",
  svg: "html",
};

/** The language of a fence's info string or a file extension, or undefined for plain text. */
export function editorLanguageOf(name: string | undefined): EditorLanguage | undefined {
  if (!name) return undefined;
  const key = name.toLowerCase();
  if ((EDITOR_LANGUAGES as readonly string[]).includes(key)) return key as EditorLanguage;
  return ALIASES[key];
}

/** The language of a lesson file from its extension (`main.py` is python, `App.tsx` is tsx). */
export function languageOfFile(fileName: string): EditorLanguage | undefined {
  const dot = fileName.lastIndexOf(".");
  if (dot < 0) return undefined;
  return editorLanguageOf(fileName.slice(dot + 1));
}
