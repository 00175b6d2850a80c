/**
 * What a run shows, shared by the lesson's output panel and a project's (ADR 0027: two features
 * use it): the console as it happens, with the field an input() prompt waits on; SQL result
 * tables; and the error box with its file and line.
 */
import type { ConsoleEntry, ResultTable, RunError } from "@lumen/contracts";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/** A program waiting on input(): its prompt and how to answer it. */
export interface PendingInput {
  prompt: string;
  answer(text: string): void;
}

const STREAM = {
  stdout: "text-slate-100",
  stderr: "text-red-300",
  info: "italic text-slate-400",
} as const;

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

/**
 * The console: shown while running, when there are lines or a prompt, or empty with `emptyText`
 * before the first run.
 */
export function RunConsole({
  lines,
  pendingInput,
  running,
  empty,
  emptyText,
}: {
  lines: readonly ConsoleEntry[];
  pendingInput: PendingInput | undefined;
  running: boolean;
  empty: boolean;
  emptyText: ReactNode;
}) {
  if (!(lines.length > 0 || pendingInput || empty || running)) return null;
  const echoed =
    pendingInput !== undefined &&
    pendingInput.prompt.trim() !== "" &&
    (lines.at(-1)?.text.endsWith(pendingInput.prompt) ?? false);
  return (
    <div
      className="max-h-64 min-h-16 overflow-auto rounded-xl bg-slate-900 p-3 font-mono text-[13px] leading-6 dark:bg-black/60"
      data-testid="run-console"
      aria-label="Console"
      role="log"
    >
      {empty && <p className="font-sans text-slate-400">{emptyText}</p>}
      {running && lines.length === 0 && !pendingInput && (
        <p className="font-sans text-slate-400">Running…</p>
      )}
      {lines.map((entry, i) => (
        <div key={i} className={`whitespace-pre-wrap break-words ${STREAM[entry.stream]}`}>
          {entry.text}
        </div>
      ))}
      {pendingInput && <InputPrompt pending={pendingInput} echoed={echoed} />}
    </div>
  );
}

/** An SQL result set, with the statement that gave it as its caption. */
export function ResultTableView({ table }: { table: ResultTable }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full border-collapse text-left text-sm" data-testid="run-table">
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

/** The run's error (or a problem before it could run), with the file and line it names. */
export function RunErrorBox({ error }: { error: Pick<RunError, "message" | "file" | "line"> }) {
  const where = error.file ? (error.line ? `${error.file}, line ${error.line}` : error.file) : "";
  return (
    <div
      className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
      data-testid="run-error"
    >
      <p className="font-mono break-words">{error.message}</p>
      {where && <p className="mt-1 text-xs text-red-700 dark:text-red-300">in {where}</p>}
    </div>
  );
}
