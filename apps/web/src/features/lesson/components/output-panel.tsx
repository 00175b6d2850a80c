/**
 * The output panel of a code lesson: the page preview (the runner mounts its frame in our
 * container), the console as it happens with input() prompts, SQL result tables, the error with
 * its file and line (once: the runner's copy of it in the console is left out, lib/console-view.ts),
 * and the checks.
 */
import type { ConsoleEntry, RunResult } from "@lumen/contracts";
import type { Ref } from "react";
import {
  type PendingInput,
  ResultTableView,
  RunConsole,
  RunErrorBox,
} from "../../../ui/run-output.tsx";
import { withoutErrorReport } from "../lib/console-view.ts";
import { TypeDiagnostics } from "./type-diagnostics.tsx";

export type { PendingInput };

export function OutputPanel({
  result,
  running,
  liveConsole,
  pendingInput,
  previewRef,
  showPreview,
}: {
  result: RunResult | undefined;
  running: boolean;
  liveConsole: ConsoleEntry[];
  pendingInput: PendingInput | undefined;
  previewRef: Ref<HTMLElement>;
  showPreview: boolean;
}) {
  const lines = running
    ? liveConsole
    : withoutErrorReport(result?.console ?? liveConsole, result?.error);
  const tables = result?.output?.kind === "table" ? result.output.tables : [];
  const empty = !running && !result;
  return (
    <section
      aria-label="Output"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-950"
      data-testid="output-panel"
    >
      <h2 className="flex items-center justify-between text-sm font-semibold text-slate-700 dark:text-slate-200">
        Output
        {result && !running && (
          <span className="font-normal text-xs text-slate-400" data-testid="run-duration">
            {result.durationMs < 1000
              ? `${Math.round(result.durationMs)} ms`
              : `${(result.durationMs / 1000).toFixed(1)} s`}
          </span>
        )}
      </h2>
      {/* The compiler's report comes first, above the page preview and the console. */}
      {result?.diagnostics && !running && <TypeDiagnostics diagnostics={result.diagnostics} />}
      <section
        ref={previewRef}
        aria-label="Page preview"
        data-testid="run-preview"
        className={
          showPreview
            ? "h-60 overflow-hidden rounded-xl border border-slate-200 bg-white sm:h-72 dark:border-slate-700"
            : "hidden"
        }
      />
      <RunConsole
        lines={lines}
        pendingInput={pendingInput}
        running={running}
        empty={empty}
        emptyText={
          showPreview
            ? "Run your code to see the page and anything it logs."
            : "Run your code to see what it prints."
        }
      />
      {result?.error && <RunErrorBox error={result.error} />}
      {tables.map((table, i) => (
        <ResultTableView key={i} table={table} />
      ))}
      {result && result.tests.length > 0 && (
        <ul className="space-y-1.5" aria-label="Checks" data-testid="run-tests">
          {result.tests.map((test) => (
            <li key={test.name} className="flex gap-2 text-sm">
              <span
                aria-hidden="true"
                className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${
                  test.status === "passed" ? "bg-emerald-500" : "bg-amber-500"
                }`}
              >
                {test.status === "passed" ? "✓" : "!"}
              </span>
              <span>
                <span className="sr-only">
                  {test.status === "passed" ? "Passed: " : "Failed: "}
                </span>
                <span className="font-medium text-slate-800 dark:text-slate-100">{test.name}</span>
                {test.status === "failed" && test.message && (
                  <span className="block text-slate-600 dark:text-slate-300">{test.message}</span>
                )}
                {test.status === "failed" && test.expected !== undefined && (
                  <span className="block font-mono text-xs text-slate-500">
                    expected {test.expected}, got {test.actual}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
