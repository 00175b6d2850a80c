/**
 * The lesson editor: CodeMirror 6 with one tab per visible lesson file. Each tab keeps its own
 * editor state, so undo history survives switching files; Ctrl/Cmd+Enter runs, Ctrl/Cmd+S saves,
 * and content set from outside (reset, apply solution) arrives as an undoable change.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  bracketMatching,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from "@codemirror/language";
import { Compartment, EditorState, type Extension, Prec } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { useEffect, useId, useRef, useState } from "react";
import { lessonHighlightStyle } from "./highlight-style.ts";
import { languageOfFile, loadedLanguage, loadLanguage } from "./languages.ts";
import { SymbolBar } from "./symbol-bar.tsx";

export interface EditorFile {
  name: string;
  content: string;
  readonly: boolean;
}

export interface CodeEditorProps {
  /** The files the learner sees, in tab order (hidden files are left out by the caller). */
  files: EditorFile[];
  onChange(name: string, content: string): void;
  onRun?(): void;
  onSave?(): void;
  fontSize: number;
  /** What a screen reader hears before the file name, e.g. "Code editor". */
  label?: string;
}

const theme = EditorView.theme({
  "&": { height: "100%", backgroundColor: "transparent" },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": { fontFamily: "var(--font-mono)", lineHeight: "1.65" },
  ".cm-content": { padding: "12px 0", caretColor: "currentColor" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "currentColor", borderLeftWidth: "2px" },
  ".cm-gutters": {
    backgroundColor: "transparent",
    border: "none",
    color: "rgb(100 116 139)",
    paddingLeft: "4px",
  },
  ".cm-activeLine": { backgroundColor: "rgb(100 116 139 / 0.08)" },
  ".cm-activeLineGutter": { backgroundColor: "transparent", color: "rgb(99 102 241)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": {
    backgroundColor: "rgb(99 102 241 / 0.28) !important",
  },
  ".cm-matchingBracket": {
    backgroundColor: "rgb(99 102 241 / 0.18)",
    outline: "1px solid rgb(99 102 241 / 0.5)",
  },
});

interface Callbacks {
  onChange(name: string, content: string): void;
  onRun?(): void;
  onSave?(): void;
}

function baseExtensions(
  file: EditorFile,
  label: string,
  callbacks: { current: Callbacks },
  language: Compartment,
  /** The grammar, when it has loaded already; otherwise it is installed when it arrives. */
  initialLanguage: Extension = [],
): Extension[] {
  const fileLanguage = languageOfFile(file.name);
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    highlightActiveLine(),
    EditorView.lineWrapping,
    syntaxHighlighting(lessonHighlightStyle),
    theme,
    indentUnit.of(fileLanguage === "python" ? "    " : "  "),
    Prec.highest(
      keymap.of([
        {
          key: "Mod-Enter",
          run: () => {
            callbacks.current.onRun?.();
            return true;
          },
        },
        {
          key: "Mod-s",
          preventDefault: true,
          run: () => {
            callbacks.current.onSave?.();
            return true;
          },
        },
      ]),
    ),
    // Tab indents; Escape then Tab leaves the editor (CodeMirror's keyboard-trap escape).
    keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
    EditorState.readOnly.of(file.readonly),
    EditorView.contentAttributes.of({
      "aria-label": `${label}: ${file.name}${file.readonly ? " (read-only)" : ""}`,
      "aria-multiline": "true",
      autocapitalize: "off",
      autocorrect: "off",
      spellcheck: "false",
    }),
    language.of(initialLanguage),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) callbacks.current.onChange(file.name, update.state.doc.toString());
    }),
  ];
}

interface FileState {
  state: EditorState;
  language: Compartment;
}

export function CodeEditor({
  files,
  onChange,
  onRun,
  onSave,
  fontSize,
  label = "Code editor",
}: CodeEditorProps) {
  const root = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const states = useRef(new Map<string, FileState>());
  const callbacks = useRef<Callbacks>({ onChange, onRun, onSave });
  callbacks.current = { onChange, onRun, onSave };
  const [active, setActive] = useState(files[0]?.name ?? "");
  const [focused, setFocused] = useState(false);
  const tabsId = useId();
  const activeName = files.some((f) => f.name === active) ? active : (files[0]?.name ?? "");

  // Creates each file's state once, and applies outside changes (reset, solution) to all of them.
  useEffect(() => {
    for (const file of files) {
      const known = states.current.get(file.name);
      if (!known) {
        const language = new Compartment();
        const lang = languageOfFile(file.name);
        const preloaded = lang ? loadedLanguage(lang) : undefined;
        const state = EditorState.create({
          doc: file.content,
          extensions: baseExtensions(file, label, callbacks, language, preloaded?.support),
        });
        states.current.set(file.name, { state, language });
        if (lang && !preloaded) {
          loadLanguage(lang)
            .then(({ support }) => {
              const entry = states.current.get(file.name);
              if (!entry) return;
              const effects = entry.language.reconfigure(support);
              if (view.current?.state === entry.state) view.current.dispatch({ effects });
              else entry.state = entry.state.update({ effects }).state;
            })
            .catch(() => {
              // Without its grammar the file still edits as plain text.
            });
        }
        continue;
      }
      const current =
        view.current && known.state === view.current.state ? view.current.state : known.state;
      if (current.doc.toString() === file.content) continue;
      const change = { from: 0, to: current.doc.length, insert: file.content };
      if (view.current?.state === current) view.current.dispatch({ changes: change });
      else known.state = current.update({ changes: change }).state;
    }
  }, [files, label]);

  // One view; switching tabs swaps in that file's state.
  useEffect(() => {
    const entry = states.current.get(activeName);
    if (!host.current || !entry) return;
    if (!view.current) {
      view.current = new EditorView({
        state: entry.state,
        parent: host.current,
        dispatchTransactions: (transactions, v) => {
          v.update(transactions);
          for (const [, fileState] of states.current) {
            if (fileState.state === transactions[0]?.startState) fileState.state = v.state;
          }
        },
      });
    } else if (view.current.state !== entry.state) {
      view.current.setState(entry.state);
    }
  }, [activeName]);

  useEffect(
    () => () => {
      view.current?.destroy();
      view.current = null;
    },
    [],
  );

  // The symbol row shows while focus is anywhere inside the editor (tabs included).
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const focusIn = () => setFocused(true);
    const focusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) setFocused(false);
    };
    element.addEventListener("focusin", focusIn);
    element.addEventListener("focusout", focusOut);
    return () => {
      element.removeEventListener("focusin", focusIn);
      element.removeEventListener("focusout", focusOut);
    };
  }, []);

  const showTabs = files.length > 1;
  return (
    <div ref={root} className="flex h-full min-h-0 flex-col">
      {showTabs && (
        <div
          role="tablist"
          aria-label="Files"
          className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 pt-2 dark:border-slate-800"
        >
          {files.map((file) => {
            const selected = file.name === activeName;
            return (
              <button
                key={file.name}
                type="button"
                role="tab"
                id={`${tabsId}-${file.name}`}
                aria-selected={selected}
                aria-controls={`${tabsId}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setActive(file.name)}
                onKeyDown={(event) => {
                  if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
                  const index = files.findIndex((f) => f.name === activeName);
                  const step = event.key === "ArrowRight" ? 1 : -1;
                  const next = files[(index + step + files.length) % files.length];
                  if (next) {
                    setActive(next.name);
                    document.getElementById(`${tabsId}-${next.name}`)?.focus();
                  }
                }}
                className={`flex shrink-0 items-center gap-1.5 rounded-t-lg border border-b-0 px-3 py-1.5 font-mono text-xs ${
                  selected
                    ? "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white"
                    : "border-transparent text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200"
                }`}
              >
                {file.name}
                {file.readonly && (
                  <span className="rounded bg-slate-200 px-1 font-sans text-[10px] uppercase tracking-wide text-slate-600 dark:bg-slate-700 dark:text-slate-300">
                    read-only
                  </span>
                )}
              </button>
            );
          })}
        </div>
      )}
      {!showTabs && files[0] && (
        <p className="flex items-center gap-2 border-b border-slate-200 px-3 py-1.5 font-mono text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
          {files[0].name}
          {files[0].readonly && <span className="font-sans">(read-only)</span>}
        </p>
      )}
      <div
        ref={host}
        id={`${tabsId}-panel`}
        {...(showTabs ? { role: "tabpanel", "aria-labelledby": `${tabsId}-${activeName}` } : {})}
        className="min-h-0 flex-1 overflow-hidden"
        style={{ fontSize: `${fontSize}px` }}
        data-testid="code-editor"
      />
      <SymbolBar
        visible={focused}
        language={languageOfFile(activeName)}
        onInsert={(text) => {
          const v = view.current;
          if (!v || v.state.readOnly) return;
          v.dispatch(v.state.replaceSelection(text), { scrollIntoView: true });
          v.focus();
        }}
      />
    </div>
  );
}
