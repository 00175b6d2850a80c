/**
 * The output panel of a code lesson: the page preview (the runner mounts its frame in our
 * container), the console as it happens with input() prompts, SQL result tables, the error with
 * its file and line (once: the runner's copy of it in the console is left out, lib/console-view.ts),
 * and the checks.
 */
import type { ConsoleEntry, ResultTable, RunResult } from "@lumen/contracts";
import { type Ref, useEffect, useId, useRef, useState } from "react";
import { withoutErrorReport } from "../lib/console-view.ts";
import { TypeDiagnostics } from "./type-diagnostics.tsx";

export interface PendingInput {
  prompt: string;
  answer(text: string): void;
}

const STREAM = {
  stdout: "text-slate-100",
  stderr: "text-red-300",
  info: "italic text-slate-400",
} as const;

function where(error: NonNullable<RunResult["error"]>): string {
  if (!error.file) return "";
  return error.line ? `${error.file}, line ${error.line}` : error.file;
}

function InputPrompt({ pending, echoed }: { pending: PendingInput; echoed: boolean }) {
  const [value, setValue] = useState("");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <form
      className="mt-1 flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        pending.answer(value);
      }}
    >
      {/* The prompt the program printed is just above: the field only needs its name. */}
      {echoed && (
        <span aria-hidden="true" className="text-amber-200">
          ›
        </span>
      )}
      <label htmlFor={id} className={echoed ? "sr-only" : "text-amber-200"}>
        {pending.prompt || "Your program asks for input:"}
      </label>
      <input
        ref={input}
        id={id}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="min-w-0 flex-1 rounded border border-slate-600 bg-slate-900 px-2 py-0.5 text-slate-100"
        autoComplete="off"
        aria-describedby={`${id}-hint`}
      />
      <span id={`${id}-hint`} className="sr-only">
        Type your answer and press Enter.
      </span>
    </form>
  );
}

function Table({ table }: { table: ResultTable }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full border-collapse text-left text-sm">
        {table.statement && (
          <caption className="border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-left font-mono text-xs text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400">
            {table.statement}
          </caption>
        )}
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            {table.columns.map((column, i) => (
              <th
                key={`${column}-${i}`}
                scope="col"
                className="border-b border-slate-200 px-3 py-1.5 font-semibold text-slate-700 dark:border-slate-700 dark:text-slate-200"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr
              key={r}
              className="odd:bg-white even:bg-slate-50/60 dark:odd:bg-slate-950 dark:even:bg-slate-900/60"
            >
              {row.map((cell, c) => (
                <td
                  key={c}
                  className="border-t border-slate-100 px-3 py-1.5 font-mono text-[13px] dark:border-slate-800"
                >
                  {cell === null ? <span className="text-slate-400">NULL</span> : String(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.rows.length === 0 && <p className="px-3 py-2 text-sm text-slate-500">No rows.</p>}
    </div>
  );
}

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
  const promptShown =
    pendingInput !== undefined &&
    pendingInput.prompt.trim() !== "" &&
    (lines.at(-1)?.text.endsWith(pendingInput.prompt) ?? false);
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
      {(lines.length > 0 || pendingInput || empty || running) && (
        <div
          className="max-h-64 min-h-16 overflow-auto rounded-xl bg-slate-900 p-3 font-mono text-[13px] leading-6 dark:bg-black/60"
          data-testid="run-console"
          aria-label="Console"
          role="log"
        >
          {empty && (
            <p className="font-sans text-slate-400">
              {showPreview
                ? "Run your code to see the page and anything it logs."
                : "Run your code to see what it prints."}
            </p>
          )}
          {running && lines.length === 0 && !pendingInput && (
            <p className="font-sans text-slate-400">Running…</p>
          )}
          {lines.map((entry, i) => (
            <div key={i} className={`whitespace-pre-wrap break-words ${STREAM[entry.stream]}`}>
              {entry.text}
            </div>
          ))}
          {pendingInput && <InputPrompt pending={pendingInput} echoed={promptShown} />}
        </div>
      )}
      {result?.error && (
        <div
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
          data-testid="run-error"
        >
          <p className="font-mono break-words">{result.error.message}</p>
          {where(result.error) && (
            <p className="mt-1 text-xs text-red-700 dark:text-red-300">in {where(result.error)}</p>
          )}
        </div>
      )}
      {tables.map((table, i) => (
        <Table key={i} table={table} />
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
