/**
 * The library's search box and its two filters. The box keeps what is typed itself and reports
 * it as you type (the page debounces it into the URL); "/" anywhere on the page focuses it and
 * Escape clears it.
 */
import {
  CODE_LANGUAGES,
  type CodeLanguage,
  LIBRARY_LEVELS,
  MAX_LIBRARY_QUERY,
} from "@lumen/contracts";
import type { LibraryLevel } from "@lumen/core";
import { useEffect, useId, useRef } from "react";
import { Input } from "../../../ui/index.ts";
import { LEVEL_LABELS, languageLabel } from "../lib/library-labels.ts";

const selectClasses =
  "h-10 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

export interface LibraryFiltersProps {
  text: string;
  onText: (text: string) => void;
  language: CodeLanguage | undefined;
  onLanguage: (language: CodeLanguage | undefined) => void;
  languages: readonly CodeLanguage[];
  level: LibraryLevel | undefined;
  onLevel: (level: LibraryLevel | undefined) => void;
}

export function LibraryFilters(props: LibraryFiltersProps) {
  const box = useRef<HTMLInputElement>(null);
  const boxId = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.metaKey || event.ctrlKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable]")) return;
      event.preventDefault();
      box.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <search className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1 text-sm font-medium">
        <label htmlFor={boxId}>Search the library</label>
        <Input
          id={boxId}
          className="h-10"
          ref={box}
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_LIBRARY_QUERY}
          placeholder="Try “loop”, “flexbox” or “select”"
          aria-describedby="library-search-hint"
          value={props.text}
          onChange={(event) => props.onText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && props.text) {
              event.preventDefault();
              props.onText("");
            }
          }}
        />
        <span id="library-search-hint" className="sr-only">
          Results update as you type. Press slash to come back here, Escape to clear.
        </span>
      </div>
      <div className="flex gap-3">
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
          Language
          <select
            className={selectClasses}
            value={props.language ?? ""}
            onChange={(event) =>
              props.onLanguage(
                CODE_LANGUAGES.find((l) => l === event.target.value) satisfies
                  | CodeLanguage
                  | undefined,
              )
            }
          >
            <option value="">All languages</option>
            {props.languages.map((language) => (
              <option key={language} value={language}>
                {languageLabel(language)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
          Level
          <select
            className={selectClasses}
            value={props.level ?? ""}
            onChange={(event) =>
              props.onLevel(LIBRARY_LEVELS.find((l) => l === event.target.value))
            }
          >
            <option value="">All levels</option>
            {LIBRARY_LEVELS.map((level) => (
              <option key={level} value={level}>
                {LEVEL_LABELS[level]}
              </option>
            ))}
          </select>
        </label>
      </div>
    </search>
  );
}
