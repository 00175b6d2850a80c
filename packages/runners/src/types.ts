/**
 * What every language runner implements, in the browser and in Node. The result is always the
 * contract of `@lumen/contracts` (runResultSchema).
 */
import type { ConsoleEntry, RunRequest, RunResult } from "@lumen/contracts";

export interface RunOptions {
  /** Console lines as they happen (the final result carries them all too). */
  onConsole?(entry: ConsoleEntry): void;
  /** Browser only: asks the learner for a line when their code calls input(). */
  onInput?(prompt: string): Promise<string>;
  /** Browser only: where a page runner mounts its sandboxed preview frame. */
  container?: HTMLElement;
  signal?: AbortSignal;
}

export interface LanguageRunner {
  run(request: RunRequest, options?: RunOptions): Promise<RunResult>;
  /** Starts loading the runtime before the first run (the lesson screen calls it on open). */
  preload(): Promise<void>;
  dispose(): Promise<void>;
}

/** Which runner family runs a language. css lessons render as pages; TS runs as JS. */
export type RunnerFamily = "python" | "sql" | "javascript" | "page";

export function runnerFamily(language: RunRequest["language"]): RunnerFamily {
  switch (language) {
    case "python":
      return "python";
    case "sql":
      return "sql";
    case "javascript":
    case "typescript":
      return "javascript";
    case "html":
    case "css":
    case "jsx":
    case "tsx":
      return "page";
  }
}

/** Limits shared by every runtime. */
export const LIMITS = {
  /**
   * Time limit of a run in the learner's browser when the request sets none: an endless loop is
   * stopped within 1 s (issue 4). The clock counts the learner's code and the checks only: it
   * starts when the sandbox says they start, so a worker's start-up and warm-up, loading or
   * restarting Pyodide, loading an SQL seed, loading a page frame and waiting behind another run
   * are not counted. On a device slower than our CI machine the limit is stretched, up to 2.5 s,
   * so that the same work fits in it (host/time-limit.ts, ADR 0023).
   */
  browserTimeoutMs: 1_000,
  /**
   * The same on the server (lesson completion, content checks, the preview API). Longer than in
   * the browser: the server decides whether a completion counts, so code that passed in the
   * browser must not fail there because QuickJS interprets what V8 compiles, or because other
   * learners' runs share the CPU (ADR 0016).
   */
  defaultTimeoutMs: 5_000,
  /** Console output kept per run; the rest is cut with a note. */
  maxOutputChars: 100_000,
} as const;
