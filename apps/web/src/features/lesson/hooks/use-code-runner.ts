/**
 * Runs a lesson's code in the browser (packages/runners) for Run and Check: streams the console,
 * answers input() through the output panel (echoing the answer as a terminal does), mounts page
 * previews in the panel, and sends the run_code / submit_code / code_run events. A new run clears
 * the last one's result, so nothing of it stays beside the new output.
 */
import type { CodeLanguage, ConsoleEntry, Lesson, RunResult } from "@lumen/contracts";
import { preloadRuntime, runInBrowser } from "@lumen/runners/browser";
import { useCallback, useEffect, useRef, useState } from "react";
import { track } from "../../../analytics/track.ts";
import type { PendingInput } from "../components/output-panel.tsx";
import { echoAnswer } from "../lib/console-view.ts";
import { buildRunRequest, type LessonRunFile } from "../lib/run-request.ts";

export const PAGE_LANGUAGES: readonly CodeLanguage[] = ["html", "css", "jsx", "tsx"];

export type RunKind = "run" | "check";

export function useCodeRunner(
  lesson: Pick<Lesson, "codeLanguage" | "checks" | "seed">,
  analytics: Record<string, string | number>,
) {
  const previewRef = useRef<HTMLElement>(null);
  const [running, setRunning] = useState<RunKind | null>(null);
  const [result, setResult] = useState<RunResult>();
  const [liveConsole, setLiveConsole] = useState<ConsoleEntry[]>([]);
  const [pendingInput, setPendingInput] = useState<PendingInput>();
  const [loadError, setLoadError] = useState<string>();
  /** The language whose runtime finished preloading (data-runtime-ready on the Run button). */
  const [readyLanguage, setReadyLanguage] = useState<CodeLanguage>();
  const busy = useRef(false);
  // The console as the learner saw it, answers included: what a run with input() leaves shown.
  const transcript = useRef<ConsoleEntry[]>([]);
  const answered = useRef(false);
  const setConsole = useCallback((lines: ConsoleEntry[]) => {
    transcript.current = lines;
    setLiveConsole(lines);
  }, []);
  const language = lesson.codeLanguage;

  useEffect(() => {
    // Opening the lesson starts the runtime download, so the first Run answers quickly; it
    // waits until the browser is idle after the first paint, so the lesson shows first.
    const start = () =>
      preloadRuntime(language)
        .then(() => setReadyLanguage(language))
        .catch(() => {
          // The first Run loads it again and reports a failure where the learner sees it.
        });
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(start, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(start, 500);
    return () => clearTimeout(timer);
  }, [language]);

  const askLearner = useCallback(
    (prompt: string) =>
      new Promise<string>((resolve) => {
        setPendingInput({
          prompt,
          answer: (text) => {
            setPendingInput(undefined);
            answered.current = true;
            setConsole(echoAnswer(transcript.current, prompt, text));
            resolve(text);
          },
        });
      }),
    [setConsole],
  );

  const execute = useCallback(
    async (files: LessonRunFile[], kind: RunKind): Promise<RunResult | undefined> => {
      if (busy.current) return undefined;
      busy.current = true;
      setRunning(kind);
      setResult(undefined);
      setConsole([]);
      answered.current = false;
      setLoadError(undefined);
      track(kind === "run" ? "run_code" : "submit_code", analytics);
      try {
        const answer = await runInBrowser(
          buildRunRequest(lesson, files, { withChecks: kind === "check" }),
          {
            container: previewRef.current ?? undefined,
            onConsole: (entry) => setConsole([...transcript.current, entry]),
            // Run prompts for input(); Check answers empty lines and never waits (buildRunRequest).
            ...(kind === "run" ? { onInput: askLearner } : {}),
          },
        );
        // The runner's console lacks what the learner typed: keep the one they watched.
        setResult(answered.current ? { ...answer, console: transcript.current } : answer);
        track("code_run", { ...analytics, status: answer.status, kind });
        return answer;
      } catch (error) {
        setLoadError(
          error instanceof Error
            ? `The code runner did not start: ${error.message}`
            : "The code runner did not start.",
        );
        return undefined;
      } finally {
        setPendingInput(undefined);
        setRunning(null);
        busy.current = false;
      }
    },
    [lesson, analytics, askLearner, setConsole],
  );

  return {
    previewRef,
    running,
    result,
    liveConsole,
    pendingInput,
    loadError,
    execute,
    showPreview: PAGE_LANGUAGES.includes(language),
    runtimeReady: readyLanguage === language,
  };
}
