/**
 * The lesson editor: CodeMirror 6 with one tab per visible lesson file. Each tab keeps its own
 * editor state, so undo history survives switching files; Ctrl/Cmd+Enter runs, Ctrl/Cmd+S saves,
 * and content set from outside (reset, apply solution) arrives as an undoable change. It closes
 * brackets and quotes, completes the language's words and the file's names (completions.ts),
 * matches brackets and searches (Ctrl/Cmd+F); syntax errors show as the learner types (lint.ts,
 * loaded after the editor), and Vim's keys replace the usual ones when the learner chooses them
 * (keymap-preference.ts; Vim is downloaded only then).
 */
import {
  acceptCompletion,
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
} from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  bracketMatching,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from "@codemirror/language";
import { search, searchKeymap } from "@codemirror/search";
import {
  Compartment,
  EditorState,
  type Extension,
  Prec,
  type StateEffect,
} from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { useEffect, useId, useRef, useState } from "react";
import { lessonCompletions } from "./completions.ts";
import { editorTheme } from "./editor-theme.ts";
import { lessonHighlightStyle } from "./highlight-style.ts";
import {
  getKeymapPreference,
  type KeymapPreference,
  subscribeKeymapPreference,
} from "./keymap-preference.ts";
import type { EditorLanguage } from "./language-names.ts";
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

interface Callbacks {
  onChange(name: string, content: string): void;
  onRun?(): void;
  onSave?(): void;
}

/** The languages with a syntax checker behind the lint (lint.ts). */
const LINTED: ReadonlySet<EditorLanguage> = new Set([
  "python",
  "javascript",
  "jsx",
  "typescript",
  "tsx",
]);

/** What can change in a file's editor after it is made; one set per editor, shared by its files. */
interface Compartments {
  language: Compartment;
  lint: Compartment;
  keys: Compartment;
  dark: Compartment;
}

const isDarkPage = () => document.documentElement.classList.contains("dark");

/**
 * Vim's keys, downloaded when first chosen. Escape leaves Vim's insert mode, so it also arms
 * CodeMirror's escape hatch itself: Escape then Tab still leaves the editor.
 */
let vimKeys: Promise<Extension> | undefined;
function loadVimKeys(): Promise<Extension> {
  vimKeys ??= import("@replit/codemirror-vim").then(({ vim }) => [
    vim({ status: true }),
    EditorView.domEventObservers({
      keydown(event, view) {
        if (event.key === "Escape") view.setTabFocusMode(2000);
      },
    }),
  ]);
  vimKeys.catch(() => {
    vimKeys = undefined;
  });
  return vimKeys;
}

function baseExtensions(
  file: EditorFile,
  label: string,
  callbacks: { current: Callbacks },
  compartments: Compartments,
  /** The grammar and key bindings, when they have loaded already. */
  initial: { language: Extension; keys: Extension },
): Extension[] {
  const fileLanguage = languageOfFile(file.name);
  return [
    // First: Vim's keys go before every other key binding.
    compartments.keys.of(initial.keys),
    lineNumbers(),
    highlightActiveLineGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    // Only words that start with what was typed: a beginner typing `pri` wants print, not
    // PermissionError.
    autocompletion({ icons: true, maxRenderedOptions: 40, filterStrict: true }),
    lessonCompletions(fileLanguage),
    search({ top: true }),
    highlightActiveLine(),
    EditorView.lineWrapping,
    syntaxHighlighting(lessonHighlightStyle),
    editorTheme,
    compartments.dark.of(EditorView.darkTheme.of(isDarkPage())),
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
        // Tab takes the highlighted completion, as Enter does; otherwise it indents.
        { key: "Tab", run: acceptCompletion },
      ]),
    ),
    // Tab indents; Escape then Tab leaves the editor (CodeMirror's keyboard-trap escape).
    keymap.of([
      ...closeBracketsKeymap,
      ...searchKeymap,
      ...defaultKeymap,
      ...historyKeymap,
      indentWithTab,
    ]),
    EditorState.readOnly.of(file.readonly),
    EditorView.contentAttributes.of({
      "aria-label": `${label}: ${file.name}${file.readonly ? " (read-only)" : ""}`,
      "aria-multiline": "true",
      autocapitalize: "off",
      autocorrect: "off",
      spellcheck: "false",
    }),
    compartments.language.of(initial.language),
    compartments.lint.of([]),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) callbacks.current.onChange(file.name, update.state.doc.toString());
    }),
  ];
}

interface FileState {
  state: EditorState;
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
  const compartments = useRef<Compartments>({
    language: new Compartment(),
    lint: new Compartment(),
    keys: new Compartment(),
    dark: new Compartment(),
  });
  /** The key bindings every file's editor has now (Vim's, once loaded and chosen). */
  const keys = useRef<{ choice: KeymapPreference; extension: Extension }>({
    choice: "default",
    extension: [],
  });
  const callbacks = useRef<Callbacks>({ onChange, onRun, onSave });
  callbacks.current = { onChange, onRun, onSave };
  const [active, setActive] = useState(files[0]?.name ?? "");
  const [focused, setFocused] = useState(false);
  const tabsId = useId();
  const activeName = files.some((f) => f.name === active) ? active : (files[0]?.name ?? "");

  /** Applies effects to one file's editor, whether it is on screen or waiting in its tab. */
  const reconfigure = (name: string, effects: StateEffect<unknown>[]) => {
    const entry = states.current.get(name);
    if (!entry) return;
    if (view.current?.state === entry.state) view.current.dispatch({ effects });
    else entry.state = entry.state.update({ effects }).state;
  };
  const reconfigureAll = (effects: StateEffect<unknown>[]) => {
    for (const name of states.current.keys()) reconfigure(name, effects);
  };

  /** The lesson's files as the learner has them now (the lint checks TypeScript together). */
  const currentFiles = () =>
    [...states.current].map(([name, entry]) => ({
      name,
      content: (view.current?.state === entry.state
        ? view.current.state
        : entry.state
      ).doc.toString(),
    }));

  // Creates each file's state once, and applies outside changes (reset, solution) to all of them.
  useEffect(() => {
    for (const file of files) {
      const known = states.current.get(file.name);
      if (!known) {
        const lang = languageOfFile(file.name);
        const preloaded = lang ? loadedLanguage(lang) : undefined;
        const state = EditorState.create({
          doc: file.content,
          extensions: baseExtensions(file, label, callbacks, compartments.current, {
            language: preloaded?.support ?? [],
            keys: keys.current.extension,
          }),
        });
        states.current.set(file.name, { state });
        if (lang && !preloaded) {
          loadLanguage(lang)
            .then(({ support }) =>
              reconfigure(file.name, [compartments.current.language.reconfigure(support)]),
            )
            .catch(() => {
              // Without its grammar the file still edits as plain text.
            });
        }
        // The checker arrives after the editor is on screen: it is not needed to start typing.
        if (lang && LINTED.has(lang) && !file.readonly) {
          import("./lint.ts")
            .then(({ lessonLint }) => {
              const extension = lessonLint({
                fileName: file.name,
                language: lang,
                files: currentFiles,
              });
              reconfigure(file.name, [compartments.current.lint.reconfigure(extension)]);
            })
            .catch(() => {
              // Without the checker the file still edits; Run still reports errors.
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

  // The learner's key bindings, followed live (the profile page, another tab).
  useEffect(() => {
    let live = true;
    const apply = (choice: KeymapPreference) => {
      keys.current.choice = choice;
      if (choice === "default") {
        keys.current.extension = [];
        reconfigureAll([compartments.current.keys.reconfigure([])]);
        return;
      }
      loadVimKeys()
        .then((extension) => {
          if (!live || keys.current.choice !== "vim") return;
          keys.current.extension = extension;
          reconfigureAll([compartments.current.keys.reconfigure(extension)]);
        })
        .catch(() => {
          // Vim did not download (offline): the usual keys stay.
        });
    };
    apply(getKeymapPreference());
    const unsubscribe = subscribeKeymapPreference(apply);
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);

  // CodeMirror's own light/dark styles (panels, tooltips) follow the app's theme.
  useEffect(() => {
    let dark = isDarkPage();
    const observer = new MutationObserver(() => {
      if (isDarkPage() === dark) return;
      dark = isDarkPage();
      reconfigureAll([compartments.current.dark.reconfigure(EditorView.darkTheme.of(dark))]);
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);

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
