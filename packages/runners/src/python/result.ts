/**
 * Turns how a Python job ended into the runners' result contract, with the notes a learner needs
 * (output cut, time limit, a runtime that stopped), the same in the browser and in Node.
 */
import type { ConsoleEntry, RunResult } from "@lumen/contracts";
import type { JobEnd } from "../host/restartable-worker.ts";
import { workerTimeoutMessage } from "../host/result.ts";
import { LIMITS } from "../types.ts";
import { type PythonOutcome, pythonOutcomeSchema } from "./protocol.ts";

export function outputCutNote(maxChars: number = LIMITS.maxOutputChars): ConsoleEntry {
  return {
    stream: "info",
    text: `Output cut: only the first ${maxChars.toLocaleString("en-US")} characters are shown.`,
  };
}

/** Adjacent entries of one stream become one, as a terminal would show them. */
export function mergeConsole(entries: ConsoleEntry[]): ConsoleEntry[] {
  const merged: ConsoleEntry[] = [];
  for (const entry of entries) {
    const last = merged[merged.length - 1];
    if (last && last.stream === entry.stream && entry.stream !== "info") {
      merged[merged.length - 1] = { stream: last.stream, text: last.text + entry.text };
    } else {
      merged.push({ ...entry });
    }
  }
  return merged;
}

export interface ResultContext {
  console: ConsoleEntry[];
  durationMs: number;
  timeoutMs: number;
  /** Receives the notes added here, as they are streamed like the rest of the console. */
  onConsole?(entry: ConsoleEntry): void;
}

export function pythonResult(end: JobEnd<unknown>, context: ResultContext): RunResult {
  const notes: ConsoleEntry[] = [];
  const base = (): Pick<RunResult, "durationMs" | "console"> => {
    for (const note of notes) context.onConsole?.(note);
    return {
      durationMs: Math.max(0, context.durationMs),
      console: mergeConsole([...context.console, ...notes]),
    };
  };
  const timeout = (): RunResult => {
    const message = workerTimeoutMessage(context.timeoutMs);
    notes.push({ stream: "info", text: message });
    return { status: "timeout", ...base(), tests: [], error: { message } };
  };
  if (end.kind === "timeout") return timeout();
  if (end.kind === "crashed") {
    const message = /call stack|recursion/i.test(end.message)
      ? "RecursionError: a function kept calling itself and never stopped."
      : `Python stopped unexpectedly (${end.message}). Run your code again.`;
    notes.push({ stream: "info", text: message });
    return { status: "error", ...base(), tests: [], error: { message } };
  }
  const outcome: PythonOutcome = pythonOutcomeSchema.parse(end.outcome);
  if (outcome.interrupted) return timeout();
  if (outcome.cut) notes.push(outputCutNote());
  const failed = outcome.tests.some((test) => test.status === "failed");
  const status = outcome.error ? "error" : failed ? "failed" : "passed";
  return {
    status,
    ...base(),
    tests: outcome.tests,
    ...(outcome.error ? { error: outcome.error } : {}),
  };
}
