/**
 * A project's output: the page preview (the runner mounts its sandboxed frame in our container),
 * the console as it happens with input() prompts, SQL result tables and the error with its file
 * and line. The lesson screen's panel has the checks besides; this one is the plain run's.
 */
import type { ConsoleEntry, RunResult } from "@lumen/contracts";
import type { Ref } from "react";
import {
  type PendingInput,
  ResultTableView,
  RunConsole,
  RunErrorBox,
} from "../../../ui/run-output.tsx";

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
      <RunConsole
        lines={lines}
        pendingInput={pendingInput}
        running={running}
        empty={empty}
        emptyText={
          showPreview
            ? "Run the project to see the page and anything it logs."
            : "Run the project to see what it prints."
        }
      />
      {result?.error ? (
        <RunErrorBox error={result.error} />
      ) : props.problem ? (
        <RunErrorBox error={{ message: props.problem }} />
      ) : null}
      {tables.map((table, i) => (
        <ResultTableView key={i} table={table} />
      ))}
      {props.skipped && props.skipped.length > 0 && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Not run: {props.skipped.join("; ")}.
        </p>
      )}
    </section>
  );
}
