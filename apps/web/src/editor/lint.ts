/**
 * Syntax errors as the learner types (loaded after the editor, for the languages that have a
 * checker): Python's own compile() once a Python lesson has started the runtime, the TypeScript
 * compiler's diagnostics in TypeScript and TSX lessons (type errors too), and for JavaScript the
 * compiler's syntax errors when a lesson has loaded it already, else the JavaScript engine's own
 * parse in a worker. Marks show in a gutter and under the code; F8 moves to the next one and
 * Ctrl/Cmd+Shift+M lists them all.
 */
import { type Diagnostic, forceLinting, linter, lintGutter, lintKeymap } from "@codemirror/lint";
import type { Extension } from "@codemirror/state";
import { type EditorView, keymap } from "@codemirror/view";
import {
  checkPythonSyntax,
  isTypeScriptLoaded,
  typescriptDiagnostics,
} from "@lumen/runners/browser";
import { javascriptSyntaxError } from "./js-syntax.ts";
import type { EditorLanguage } from "./language-names.ts";
import {
  javascriptSyntaxDiagnostic,
  moduleAsScriptBody,
  pythonLintDiagnostics,
  typeLintDiagnostics,
} from "./lint-diagnostics.ts";

/** Pause after the last keystroke before a check: a half-typed line is not an error yet. */
const LINT_DELAY_MS = 600;
/** While no Python runtime has started, ask again this often, this many times. */
const RETRY_MS = 3_000;
const MAX_RETRIES = 40;

export interface LessonLintOptions {
  fileName: string;
  language: EditorLanguage;
  /** The lesson's files as the learner has them now: TypeScript checks them together. */
  files(): { name: string; content: string }[];
}

const retries = new WeakMap<EditorView, number>();

function retryLater(view: EditorView): void {
  const count = retries.get(view) ?? 0;
  if (count >= MAX_RETRIES) return;
  retries.set(view, count + 1);
  setTimeout(() => {
    if (view.dom.isConnected) forceLinting(view);
  }, RETRY_MS);
}

function lintSource(options: LessonLintOptions) {
  const { fileName, language } = options;
  const jsx = language === "jsx" || language === "tsx";
  const filesNow = (content: string) => {
    const files = options.files().filter((f) => f.name !== fileName);
    return [...files, { name: fileName, content }];
  };
  return async (view: EditorView): Promise<Diagnostic[]> => {
    const state = view.state;
    const source = state.doc.toString();
    if (language === "python") {
      const found = await checkPythonSyntax(source, fileName);
      if (!found) {
        retryLater(view);
        return [];
      }
      retries.delete(view);
      return pythonLintDiagnostics(state.doc, found);
    }
    const typed = language === "typescript" || language === "tsx";
    // A JavaScript lesson never loads the compiler; a TypeScript lesson does (for its checks).
    if (typed || isTypeScriptLoaded()) {
      try {
        const found = await typescriptDiagnostics({ files: filesNow(source), file: fileName, jsx });
        return typeLintDiagnostics(state.doc, found, fileName, !typed);
      } catch {
        // The compiler did not answer (it failed to load, or took too long): no marks.
        return [];
      }
    }
    if (language !== "javascript") return [];
    const message = await javascriptSyntaxError(moduleAsScriptBody(state));
    return message ? [javascriptSyntaxDiagnostic(state, message)] : [];
  };
}

export function lessonLint(options: LessonLintOptions): Extension {
  return [
    lintGutter(),
    linter(lintSource(options), { delay: LINT_DELAY_MS }),
    keymap.of(lintKeymap),
  ];
}
