/**
 * A Run button and the output of a project's (or a shared snapshot's) files, with the same
 * in-browser runners and sandboxes as lessons. Used by the project editor and by the read-only
 * shared page (/web/shared/$code). `runtime` is the template's runtime or a lesson's code language.
 */
import type { CodeLanguage } from "@lumen/contracts";
import { useMemo } from "react";
import { Button } from "../../../ui/index.ts";
import { useProjectRunner } from "../hooks/use-project-runner.ts";
import type { RunnableFile } from "../lib/project-run-request.ts";
import { ProjectOutput } from "./project-output.tsx";

export interface ProjectRunPanelProps {
  files: readonly RunnableFile[];
  runtime: CodeLanguage;
  entry: string;
  /** Sent with run_code / code_run, e.g. { project_id } or { share_code }. */
  analytics?: Record<string, string>;
  /** Extra buttons beside Run (e.g. Duplicate on a shared page). */
  actions?: React.ReactNode;
  className?: string;
}

export function ProjectRunPanel({
  files,
  runtime,
  entry,
  analytics,
  actions,
  className,
}: ProjectRunPanelProps) {
  const stable = useMemo(() => analytics ?? {}, [analytics]);
  const runner = useProjectRunner(runtime, stable);
  return (
    <div className={`flex min-h-0 flex-col gap-3 ${className ?? ""}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="brand"
          onClick={() => runner.run(files, entry)}
          pending={runner.running}
          data-testid="project-run"
        >
          {runner.running ? "Running…" : "Run"}
        </Button>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          Runs <span className="font-mono">{entry}</span>
        </span>
        {actions}
      </div>
      <ProjectOutput
        result={runner.result}
        running={runner.running}
        liveConsole={runner.liveConsole}
        pendingInput={runner.pendingInput}
        previewRef={runner.previewRef}
        showPreview={runner.showPreview}
        problem={runner.problem}
        skipped={runner.skipped}
      />
    </div>
  );
}
