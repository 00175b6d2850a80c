/**
 * The result helpers every runner family shares, so that status and messages read the same
 * everywhere: the time-limit messages, and the collector that gathers what a sandbox reports
 * during a run (JavaScript and page runners) and turns it into the result contract.
 */
import type { ConsoleEntry, RunError, RunOutput, RunResult, TestResult } from "@lumen/contracts";

/** The time-limit message of the JavaScript and page runners. */
export function timeoutMessage(timeoutMs: number): string {
  const seconds = timeoutMs / 1000;
  return `Your code was still running after ${seconds} s and was stopped. Look for a loop that never ends.`;
}

/** The time-limit message of the runners on a restartable worker (Python, SQL). */
export function workerTimeoutMessage(timeoutMs: number): string {
  const seconds = Number((timeoutMs / 1000).toFixed(1));
  return `Your program ran for more than ${seconds} ${seconds === 1 ? "second" : "seconds"} and was stopped. Look for a loop that never ends.`;
}

export class RunCollector {
  readonly console: ConsoleEntry[] = [];
  readonly tests: TestResult[] = [];
  error?: RunError;
  timedOut = false;
  output?: RunOutput;
  /** From the sandbox's "started" on, the duration counts the learner's code (ADR 0023). */
  private started = performance.now();
  private codeStarted = false;

  constructor(private readonly onConsole?: (entry: ConsoleEntry) => void) {}

  /** The learner's code has started (the first call counts). */
  markStarted() {
    if (this.codeStarted) return;
    this.codeStarted = true;
    this.started = performance.now();
  }

  addConsole(entry: ConsoleEntry) {
    this.console.push(entry);
    this.onConsole?.(entry);
  }

  addTest(test: TestResult) {
    this.tests.push(test);
  }

  setError(error: RunError) {
    this.error ??= error;
  }

  timeout(timeoutMs: number) {
    this.timedOut = true;
    this.error = { message: timeoutMessage(timeoutMs) };
    this.addConsole({ stream: "stderr", text: timeoutMessage(timeoutMs) });
  }

  result(): RunResult {
    const status = this.timedOut
      ? "timeout"
      : this.error
        ? "error"
        : this.tests.some((t) => t.status === "failed")
          ? "failed"
          : "passed";
    const result: RunResult = {
      status,
      durationMs: Math.round((performance.now() - this.started) * 100) / 100,
      console: this.console,
      tests: this.tests,
    };
    if (this.output) result.output = this.output;
    if (this.error) result.error = this.error;
    return result;
  }
}
