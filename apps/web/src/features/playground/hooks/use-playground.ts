/**
 * The runner playground's state and actions: the language and its sample, the files, checks,
 * input lines and seed being edited, and Run, Stop and Measure with their result, figures or
 * failure. The screen (components/runner-playground.tsx) only renders what this returns.
 */
import type { CodeLanguage, RunFile, RunResult } from "@lumen/contracts";
import { preloadRuntime, runInBrowser } from "@lumen/runners/browser";
import { useEffect, useRef, useState } from "react";
import { type Measurement, measureRuns } from "../lib/measure.ts";
import { BAD_INPUTS, SAMPLES } from "../lib/samples.ts";

/** How many runs Measure times. */
export const MEASURE_RUNS = 20;

export function usePlayground() {
  const [language, setLanguage] = useState<CodeLanguage>("javascript");
  const [files, setFiles] = useState<RunFile[]>(SAMPLES.javascript.files);
  const [checks, setChecks] = useState(SAMPLES.javascript.checks);
  const [stdin, setStdin] = useState("");
  const [seed, setSeed] = useState("");
  const [running, setRunning] = useState<"run" | "measure" | null>(null);
  const [result, setResult] = useState<RunResult>();
  const [measurement, setMeasurement] = useState<Measurement>();
  const [failure, setFailure] = useState<string>();
  const preview = useRef<HTMLElement>(null);
  const stopper = useRef<AbortController | null>(null);

  useEffect(() => {
    preloadRuntime(language).catch((error: unknown) => setFailure(String(error)));
  }, [language]);

  function pick(next: CodeLanguage) {
    const sample = SAMPLES[next];
    setLanguage(next);
    setFiles(sample.files);
    setChecks(sample.checks);
    setStdin(sample.stdin);
    setSeed(sample.seed ?? "");
    setResult(undefined);
    setMeasurement(undefined);
    setFailure(undefined);
  }

  function pickBadInput(label: string) {
    const bad = BAD_INPUTS[language]?.find((b) => b.label === label);
    if (!bad) return;
    setFiles(files.map((f, i) => (i === 0 ? { ...f, content: bad.code } : f)));
    setChecks("");
  }

  function request() {
    return {
      language,
      files,
      checks: checks.trim() ? checks : undefined,
      stdin: stdin ? stdin.split("\n") : undefined,
      seed: language === "sql" && seed.trim() ? seed : undefined,
    };
  }

  async function run() {
    if (running) return;
    const controller = new AbortController();
    stopper.current = controller;
    setRunning("run");
    setFailure(undefined);
    setResult(undefined);
    setMeasurement(undefined);
    try {
      const answer = await runInBrowser(request(), {
        container: preview.current ?? undefined,
        onInput: async (prompt) => window.prompt(prompt) ?? "",
        signal: controller.signal,
      });
      setResult(answer);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      stopper.current = null;
      setRunning(null);
    }
  }

  async function measure(pauseMs: number) {
    if (running) return;
    setRunning("measure");
    setFailure(undefined);
    setMeasurement(undefined);
    try {
      const container = preview.current ?? undefined;
      const { measurement: figures, last } = await measureRuns(
        MEASURE_RUNS,
        () => runInBrowser(request(), { container }),
        undefined,
        pauseMs,
      );
      setMeasurement(figures);
      setResult(last);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(null);
    }
  }

  return {
    language,
    files,
    checks,
    stdin,
    seed,
    running,
    result,
    measurement,
    failure,
    preview,
    pick,
    pickBadInput,
    run,
    measure,
    stop: () => stopper.current?.abort(),
    setFiles,
    setChecks,
    setStdin,
    setSeed,
  };
}
