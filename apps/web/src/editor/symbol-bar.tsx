/**
 * On a phone, the symbols code needs most sit in a row just above the on-screen keyboard, where
 * a phone keyboard hides them behind two or three taps. The screen's own actions (Run, Check)
 * sit at the row's end (issue 13, item 7): the keyboard hides the lesson's action bar, and the
 * row must not cover them. The row follows the keyboard with the VisualViewport API.
 */
import { createContext, type ReactNode, use, useEffect, useState } from "react";
import { Button } from "../ui/index.ts";
import type { EditorLanguage } from "./language-names.ts";

/** An action of the screen around the editor, offered at the end of the symbol row. */
export interface SymbolBarAction {
  label: string;
  onPress(): void;
  variant?: "brand" | "secondary" | "success";
  disabled?: boolean;
  pending?: boolean;
}

const ActionsContext = createContext<readonly SymbolBarAction[]>([]);

/** Gives the symbol row of the editors inside the screen's actions (a code lesson's Run, Check). */
export function SymbolBarActions({
  actions,
  children,
}: {
  actions: readonly SymbolBarAction[];
  children: ReactNode;
}) {
  return <ActionsContext value={actions}>{children}</ActionsContext>;
}

const COMMON = ["(", ")", '"', "'", "=", ":", ",", ".", "[", "]"];

/** The symbols of each language, most used first (a phone shows the first eight or so). */
export const SYMBOLS: Partial<Record<EditorLanguage, string[]>> & { default: string[] } = {
  default: COMMON,
  python: ["(", ")", ":", '"', "=", "[", "]", ",", ".", "+", "#", "_", "{", "}", "'"],
  javascript: ["(", ")", "{", "}", ";", "=", '"', ".", "[", "]", "=>", "`", "$", ",", "'"],
  typescript: ["(", ")", "{", "}", ":", ";", "=", '"', ".", "[", "]", "=>", "<", ">", ","],
  jsx: ["<", ">", "/", "{", "}", "(", ")", "=", '"', ";", ".", "=>", "[", "]"],
  tsx: ["<", ">", "/", "{", "}", "(", ")", ":", "=", '"', ";", ".", "=>", "[", "]"],
  html: ["<", ">", "/", "=", '"', "!", "-", "#", ":", ";"],
  css: ["{", "}", ":", ";", "#", ".", "-", "(", ")", "%", ","],
  sql: ["*", ",", ";", "(", ")", "=", "'", ".", "<", ">", "%", "_"],
};

export function symbolsFor(language: EditorLanguage | undefined): string[] {
  return (language && SYMBOLS[language]) || SYMBOLS.default;
}

/** True on touch-first devices, where the on-screen keyboard is what the learner types with. */
function useCoarsePointer(): boolean {
  const [coarse, setCoarse] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(pointer: coarse)");
    setCoarse(query.matches);
    const onChange = () => setCoarse(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return coarse;
}

/** How far the on-screen keyboard pushes up from the bottom of the layout viewport. */
function useKeyboardInset(active: boolean): number {
  const [inset, setInset] = useState(0);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!active || !viewport) return;
    const update = () =>
      setInset(Math.max(0, window.innerHeight - viewport.height - viewport.offsetTop));
    update();
    viewport.addEventListener("resize", update);
    viewport.addEventListener("scroll", update);
    return () => {
      viewport.removeEventListener("resize", update);
      viewport.removeEventListener("scroll", update);
    };
  }, [active]);
  return inset;
}

export function SymbolBar({
  visible,
  language,
  onInsert,
}: {
  visible: boolean;
  language: EditorLanguage | undefined;
  onInsert(text: string): void;
}) {
  const coarse = useCoarsePointer();
  const actions = use(ActionsContext);
  const show = visible && coarse;
  const inset = useKeyboardInset(show);
  if (!show) return null;
  return (
    <div
      data-testid="symbol-bar"
      className="fixed inset-x-0 z-50 flex items-center gap-2 border-t border-slate-200 bg-slate-100/95 px-2 py-1.5 backdrop-blur dark:border-slate-700 dark:bg-slate-900/95"
      style={{ bottom: inset }}
    >
      <div
        role="toolbar"
        aria-label="Insert a symbol"
        className="flex min-w-0 flex-1 gap-1 overflow-x-auto"
      >
        {symbolsFor(language).map((symbol) => (
          <button
            key={symbol}
            type="button"
            aria-label={`Insert ${symbol}`}
            // Keeps the editor focused, so the keyboard stays open.
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => onInsert(symbol)}
            className="min-w-10 shrink-0 rounded-lg bg-white px-2.5 py-2 font-mono text-base text-slate-900 shadow-sm active:bg-brand-100 dark:bg-slate-800 dark:text-slate-100 dark:active:bg-slate-700"
          >
            {symbol}
          </button>
        ))}
      </div>
      {actions.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a legend and a border a toolbar row has no room for.
        <div role="group" aria-label="Lesson actions" className="flex shrink-0 gap-1.5">
          {actions.map((action) => (
            <Button
              key={action.label}
              variant={action.variant ?? "secondary"}
              size="md"
              disabled={action.disabled}
              pending={action.pending}
              // Keeps the editor focused, so the keyboard stays open while the code runs.
              onPointerDown={(event) => event.preventDefault()}
              onClick={action.onPress}
            >
              {action.label}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
