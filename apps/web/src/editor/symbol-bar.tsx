/**
 * On a phone, the symbols code needs most sit in a row just above the on-screen keyboard, where
 * a phone keyboard hides them behind two or three taps.
 */
import { useEffect, useState } from "react";
import type { EditorLanguage } from "./language-names.ts";

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
  const show = visible && coarse;
  const inset = useKeyboardInset(show);
  if (!show) return null;
  return (
    <div
      role="toolbar"
      aria-label="Insert a symbol"
      className="fixed inset-x-0 z-50 flex gap-1 overflow-x-auto border-t border-slate-200 bg-slate-100/95 px-2 py-1.5 backdrop-blur dark:border-slate-700 dark:bg-slate-900/95"
      style={{ bottom: inset }}
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
  );
}
