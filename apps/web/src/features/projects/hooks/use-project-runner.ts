/**
 * Runs a project's files in the browser with the same runners and sandboxes as lessons
 * (@lumen/runners/browser): streams the console, answers input() through the output panel,
 * mounts page previews in the panel's container, and sends run_code / code_run.
 */
import type { CodeLanguage, ConsoleEntry, RunResult } from "@lumen/contracts";
import { preloadRuntime, runInBrowser } from "@lumen/runners/browser";
import { useCallback, useEffect, useRef, useState } from "react";
import { track } from "../../../analytics/track.ts";
import type { PendingInput } from "../../../ui/run-output.tsx";
import { buildProjectRunRequest, type RunnableFile } from "../lib/project-run-request.ts";

export const PAGE_RUNTIMES: readonly CodeLanguage[] = ["html", "css", "jsx", "tsx"];

export type { PendingInput };

export function useProjectRunner(runtime: CodeLanguage, analytics: Record<string, string>) {
  const previewRef = useRef<HTMLElement>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<RunResult>();
  const [liveConsole, setLiveConsole] = useState<ConsoleEntry[]>([]);
  const [pendingInput, setPendingInput] = useState<PendingInput>();
  const [problem, setProblem] = useState<string>();
  const [skipped, setSkipped] = useState<string[]>([]);
  const busy = useRef(false);
  const lines = useRef<ConsoleEntry[]>([]);

  useEffect(() => {
    preloadRuntime(runtime).catch(() => {
      // The first Run loads it again and says so if it fails.
    });
  }, [runtime]);

  const run = useCallback(
    async (files: readonly RunnableFile[], entry: string) => {
      if (busy.current) return;
      busy.current = true;
      setRunning(true);
      setResult(undefined);
      setProblem(undefined);
      lines.current = [];
      setLiveConsole([]);
      track("run_code", analytics);
      try {
        const built = buildProjectRunRequest(runtime, files, entry);
        setSkipped(built.skipped);
        if (built.request.files.length === 0) {
          setProblem("There is no file to run.");
          return;
        }
        const answer = await runInBrowser(built.request, {
          container: previewRef.current ?? undefined,
          onConsole: (line) => {
            lines.current = [...lines.current, line];
            setLiveConsole(lines.current);
          },
          onInput: (prompt) =>
            new Promise<string>((resolve) => {
              setPendingInput({
                prompt,
                answer: (text) => {
                  setPendingInput(undefined);
                  lines.current = [...lines.current, { stream: "stdout", text: `${text}\n` }];
                  setLiveConsole(lines.current);
                  resolve(text);
                },
              });
            }),
        });
        setResult(answer);
        track("code_run", { ...analytics, status: answer.status, kind: "run" });
      } catch (error) {
        setProblem(
          error instanceof Error
            ? `The code runner did not start: ${error.message}`
            : "The code runner did not start.",
        );
      } finally {
        setPendingInput(undefined);
        setRunning(false);
        busy.current = false;
      }
    },
    [runtime, analytics],
  );

  return {
    previewRef,
    running,
    result,
    liveConsole,
    pendingInput,
    problem,
    skipped,
    run,
    showPreview: PAGE_RUNTIMES.includes(runtime),
  };
}
