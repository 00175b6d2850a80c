/**
 * A project's output: the page preview (the runner mounts its sandboxed frame in our container),
 * the console as it happens with input() prompts, SQL result tables and the error with its file
 * and line. The lesson screen's panel has the checks besides; this one is the plain run's.
 */
import type { ConsoleEntry, ResultTable, RunResult } from "@lumen/contracts";
import { type Ref, useId, useState } from "react";
import type { PendingInput } from "../hooks/use-project-runner.ts";

const STREAM = {
  stdout: "text-slate-100",
  stderr: "text-red-300",
  info: "italic text-slate-400",
} as const;

function InputPrompt({ pending }: { pending: PendingInput }) {
  const [value, setValue] = useState("");
  const id = useId();
  return (
    <form
      className="mt-1 flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        pending.answer(value);
      }}
    >
      <label htmlFor={id} className="text-amber-200">
        {pending.prompt || "Your program asks for input:"}
      </label>
      <input
        id={id}
        // biome-ignore lint/a11y/noAutofocus: the program waits for this answer.
        autoFocus
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="min-w-0 flex-1 rounded border border-slate-600 bg-slate-900 px-2 py-0.5 text-slate-100"
        autoComplete="off"
      />
    </form>
  );
}

function Table({ table }: { table: ResultTable }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full border-collapse text-left text-sm" data-testid="run-table">
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            {table.columns.map((column, i) => (
              <th
                key={`${column}-${i}`}
                scope="col"
                className="border-b border-slate-200 px-3 py-1.5 font-semibold dark:border-slate-700"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td
                  key={c}
                  className="border-t border-slate-100 px-3 py-1.5 font-mono text-[13px] dark:border-slate-800"
                >
                  {cell === null ? <span className="text-slate-500">NULL</span> : String(cell)}
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

export interface ProjectOutputProps {
  result: RunResult | undefined;
  running: boolean;
  liveConsole: ConsoleEntry[];
  pendingInput: PendingInput | undefined;
  previewRef: Ref<HTMLElement>;
  showPreview: boolean;
  problem?: string;
  skipped?: string[];
}

export function ProjectOutput(props: ProjectOutputProps) {
  const { result, running, liveConsole, pendingInput, previewRef, showPreview } = props;
  const lines = running ? liveConsole : (result?.console ?? liveConsole);
  const tables = result?.output?.kind === "table" ? result.output.tables : [];
  const empty = !running && !result && !props.problem;
  return (
    <section
      aria-label="Output"
      className="flex min-h-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-950"
      data-testid="output-panel"
    >
      <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-200">Output</h2>
      <section
        ref={previewRef}
        aria-label="Page preview"
        data-testid="run-preview"
        className={
          showPreview
            ? "h-60 shrink-0 overflow-hidden rounded-xl border border-slate-200 bg-white sm:h-72 dark:border-slate-700"
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
                ? "Run the project to see the page and anything it logs."
                : "Run the project to see what it prints."}
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
          {pendingInput && <InputPrompt pending={pendingInput} />}
        </div>
      )}
      {(result?.error || props.problem) && (
        <div
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
          data-testid="run-error"
        >
          <p className="font-mono break-words">{result?.error?.message ?? props.problem}</p>
          {result?.error?.file && (
            <p className="mt-1 text-xs text-red-700 dark:text-red-300">
              in {result.error.file}
              {result.error.line ? `, line ${result.error.line}` : ""}
            </p>
          )}
        </div>
      )}
      {tables.map((table, i) => (
        <Table key={i} table={table} />
      ))}
      {props.skipped && props.skipped.length > 0 && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Not run: {props.skipped.join("; ")}.
        </p>
      )}
    </section>
  );
}
