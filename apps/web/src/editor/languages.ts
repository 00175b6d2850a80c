/**
 * Highlighting for every language a lesson can show (spec section 3): the coding languages get
 * CodeMirror's full language packs, the display-only ones a legacy stream mode. Each pack is a
 * dynamic import, so a Python lesson never downloads the SQL or PHP grammar.
 */
import {
  type Language,
  LanguageSupport,
  StreamLanguage,
  type StreamParser,
} from "@codemirror/language";

import type { EditorLanguage } from "./language-names.ts";

export {
  EDITOR_LANGUAGES,
  type EditorLanguage,
  editorLanguageOf,
  languageOfFile,
} from "./language-names.ts";

export interface LoadedLanguage {
  /** What the editor installs: the language plus its extras (autoclosing tags, ...). */
  support: LanguageSupport;
  /** The parser alone, for highlighting code that is only displayed. */
  language: Language;
}

async function legacy(parser: Promise<StreamParser<unknown>>): Promise<LoadedLanguage> {
  const language = StreamLanguage.define(await parser);
  return { support: new LanguageSupport(language), language };
}

const full = (support: LanguageSupport): LoadedLanguage => ({
  support,
  language: support.language,
});

const LOADERS: Record<EditorLanguage, () => Promise<LoadedLanguage>> = {
  python: () => import("@codemirror/lang-python").then((m) => full(m.python())),
  javascript: () => import("@codemirror/lang-javascript").then((m) => full(m.javascript())),
  jsx: () => import("@codemirror/lang-javascript").then((m) => full(m.javascript({ jsx: true }))),
  typescript: () =>
    import("@codemirror/lang-javascript").then((m) => full(m.javascript({ typescript: true }))),
  tsx: () =>
    import("@codemirror/lang-javascript").then((m) =>
      full(m.javascript({ jsx: true, typescript: true })),
    ),
  html: () => import("@codemirror/lang-html").then((m) => full(m.html())),
  css: () => import("@codemirror/lang-css").then((m) => full(m.css())),
  // The runners use SQLite, so its keywords and quoting are the ones to colour; lessons write
  // keywords in capitals, so completion offers them that way.
  sql: () =>
    import("@codemirror/lang-sql").then((m) =>
      full(m.sql({ dialect: m.SQLite, upperCaseKeywords: true })),
    ),
  php: () => import("@codemirror/lang-php").then((m) => full(m.php())),
  json: () => legacy(import("@codemirror/legacy-modes/mode/javascript").then((m) => m.json)),
  bash: () => legacy(import("@codemirror/legacy-modes/mode/shell").then((m) => m.shell)),
  cpp: () => legacy(import("@codemirror/legacy-modes/mode/clike").then((m) => m.cpp)),
  csharp: () => legacy(import("@codemirror/legacy-modes/mode/clike").then((m) => m.csharp)),
  java: () => legacy(import("@codemirror/legacy-modes/mode/clike").then((m) => m.java)),
  kotlin: () => legacy(import("@codemirror/legacy-modes/mode/clike").then((m) => m.kotlin)),
  lua: () => legacy(import("@codemirror/legacy-modes/mode/lua").then((m) => m.lua)),
  r: () => legacy(import("@codemirror/legacy-modes/mode/r").then((m) => m.r)),
  ruby: () => legacy(import("@codemirror/legacy-modes/mode/ruby").then((m) => m.ruby)),
  swift: () => legacy(import("@codemirror/legacy-modes/mode/swift").then((m) => m.swift)),
};

const loaded = new Map<EditorLanguage, Promise<LoadedLanguage>>();
const ready = new Map<EditorLanguage, LoadedLanguage>();

export function loadLanguage(language: EditorLanguage): Promise<LoadedLanguage> {
  let pending = loaded.get(language);
  if (!pending) {
    pending = LOADERS[language]();
    loaded.set(language, pending);
    pending.then(
      (done) => ready.set(language, done),
      // A failed download must not stick: the next file of that language tries again.
      () => loaded.delete(language),
    );
  }
  return pending;
}

/**
 * The language if it has already loaded: an editor created with its grammar in place draws the
 * file once, instead of drawing it plain and again when the grammar arrives.
 */
export const loadedLanguage = (language: EditorLanguage): LoadedLanguage | undefined =>
  ready.get(language);
