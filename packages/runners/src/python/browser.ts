/**
 * The Python runner in the learner's browser: Pyodide in a Web Worker, loaded on first use (or
 * on preload, when a Python lesson opens) and kept warm between runs.
 *
 * An endless loop is stopped at the time limit (1 s unless the request sets one; up to 2.5 s on
 * a slow device, ADR 0023). Cross-origin isolated pages (SharedArrayBuffer) get the full
 * behaviour: the loop is interrupted and the warm runtime kept, and input() blocks while the page
 * asks the learner. Without isolation the worker is terminated at the time limit and restarted
 * for the next run, and input() uses replay: the run stops at the first unanswered input(), the
 * page asks, and the program runs again from the top with the answers so far, the output already
 * shown not repeated. A program whose output changes from run to run (random numbers, the clock)
 * can look different after an answer in that mode.
 */
import type { ConsoleEntry, RunResult } from "@lumen/contracts";
import { RestartableWorker } from "../host/restartable-worker.ts";
import { webWorkerPort } from "../host/web-worker-port.ts";
import { type LanguageRunner, LIMITS, type RunOptions } from "../types.ts";
import { createInputBuffer, writeInputLine } from "./input-buffer.ts";
import { type PythonJob, pythonOutcomeSchema } from "./protocol.ts";
import { pythonResult } from "./result.ts";
import { type PythonDiagnostic, syntaxAnswerSchema } from "./syntax-check.ts";

/** Answers asked for in one run, at most: a guard against a program that asks forever. */
const MAX_REPLAYS = 200;

/**
 * Cross-origin isolated pages interrupt an endless loop at the time limit; Pyodide raises
 * KeyboardInterrupt within milliseconds. Code that does not check for interrupts (a long C call)
 * has this long more before the worker is terminated and restarted instead.
 */
export const INTERRUPT_GRACE_MS = 200;

/**
 * How long the editor's syntax check waits for the worker: a program that waits for input() or
 * runs long holds the worker, and the lint gives no verdict rather than wait behind it.
 */
const SYNTAX_TIMEOUT_MS = 4_000;

export interface BrowserPythonRunner extends LanguageRunner {
  /**
   * Python's compile() on one file in the warm worker, never run (syntax-check.ts). Waits for a
   * start under way; undefined when Python gave no verdict (not started, busy, crashed).
   */
  checkSyntax(source: string, name: string): Promise<PythonDiagnostic[] | undefined>;
}

export function createBrowserPythonRunner(): BrowserPythonRunner {
  const isolated = globalThis.crossOriginIsolated === true;
  const interrupt = isolated ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
  const input = isolated ? createInputBuffer() : undefined;
  // The syntax check talks to the worker beside the runs: the live worker once it is ready, and
  // the checks waiting for its answer.
  let syntaxWorker: Worker | undefined;
  let nextSyntaxId = 1;
  const pendingSyntax = new Map<
    number,
    { from: Worker; settle(answer: PythonDiagnostic[] | undefined): void }
  >();
  const settleAll = (from: Worker) => {
    for (const [, pending] of pendingSyntax) if (pending.from === from) pending.settle(undefined);
  };
  const worker = new RestartableWorker({
    create: () => {
      const raw = new Worker(new URL("./python.worker.ts", import.meta.url), { type: "module" });
      raw.addEventListener("message", (event: MessageEvent) => {
        const data = event.data as { type?: unknown } | null;
        if (data?.type === "ready") syntaxWorker = raw;
        if (data?.type !== "syntax") return;
        const answer = syntaxAnswerSchema.safeParse(data);
        if (answer.success) pendingSyntax.get(answer.data.id)?.settle(answer.data.diagnostics);
      });
      const port = webWorkerPort(raw);
      port.post({ type: "init", interrupt, input });
      return {
        ...port,
        terminate: () => {
          if (syntaxWorker === raw) syntaxWorker = undefined;
          settleAll(raw);
          port.terminate();
        },
      };
    },
    interrupt,
    graceMs: INTERRUPT_GRACE_MS,
    answerInput: input ? (_port, answer) => writeInputLine(input, answer) : undefined,
  });

  async function run(
    request: Parameters<LanguageRunner["run"]>[0],
    options?: RunOptions,
  ): Promise<RunResult> {
    // The clock of each attempt starts when the worker says the learner's code has started, and
    // is stretched on a slow device (host/restartable-worker.ts, ADR 0023): starting or
    // restarting Pyodide is not counted, nor the time the learner takes to answer.
    const timeoutMs = request.timeoutMs ?? LIMITS.browserTimeoutMs;
    const interactive = Boolean(options?.onInput);
    const inputMode = interactive ? (isolated ? "stdin" : "ask") : "empty";
    const answers = [...(request.stdin ?? [])];
    await worker.warm().catch(() => undefined);
    // The run's duration counts from the learner's code's start, as its limit does.
    let started: number | undefined;
    const onStarted = () => {
      started ??= performance.now();
    };
    const handedOver = performance.now();
    // Replays repeat the output of earlier attempts: show each character once.
    let shown = 0;
    for (let attempt = 0; ; attempt++) {
      const console: ConsoleEntry[] = [];
      let seen = 0;
      const job: PythonJob = {
        files: request.files,
        entry: request.entry,
        checks: request.checks,
        stdin: answers,
        inputMode: attempt < MAX_REPLAYS ? inputMode : "empty",
        maxOutputChars: LIMITS.maxOutputChars,
      };
      const end = await worker.run(job, {
        timeoutMs,
        onStarted,
        signal: options?.signal,
        onInput: options?.onInput,
        onConsole: (entry) => {
          console.push(entry);
          const fresh = entry.text.slice(Math.max(0, shown - seen));
          seen += entry.text.length;
          if (fresh && seen > shown) {
            shown = seen;
            options?.onConsole?.({ stream: entry.stream, text: fresh });
          }
        },
      });
      const outcome = end.kind === "done" ? pythonOutcomeSchema.safeParse(end.outcome) : undefined;
      const prompt = outcome?.success ? outcome.data.needInput : undefined;
      if (prompt !== undefined && options?.onInput) {
        answers.push(await options.onInput(prompt).catch(() => ""));
        continue;
      }
      return pythonResult(end, {
        console,
        durationMs: performance.now() - (started ?? handedOver),
        timeoutMs,
        onConsole: options?.onConsole,
      });
    }
  }

  async function checkSyntax(
    source: string,
    name: string,
  ): Promise<PythonDiagnostic[] | undefined> {
    await worker.warm().catch(() => undefined);
    const target = syntaxWorker;
    if (!target) return undefined;
    const id = nextSyntaxId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(undefined), SYNTAX_TIMEOUT_MS);
      const settle = (answer: PythonDiagnostic[] | undefined) => {
        clearTimeout(timer);
        pendingSyntax.delete(id);
        resolve(answer);
      };
      pendingSyntax.set(id, { from: target, settle });
      target.postMessage({ type: "syntax", id, source, name });
    });
  }

  return {
    run,
    checkSyntax,
    preload: () => worker.warm(),
    dispose: async () => worker.dispose(),
  };
}
