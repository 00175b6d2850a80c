/**
 * The JavaScript and TypeScript runner in the learner's browser. Each run gets a fresh Web Worker
 * (a fresh realm), never used again. The page transpiles (sucrase, in this chunk) and the worker
 * only evaluates: its script is the harness alone, 10 kB with no imports. A run past its time limit
 * is stopped by terminating its worker.
 *
 * Starting a worker costs Chromium about 14 ms of CPU on our 2-core test machine, spread over the
 * browser process, the page's main thread and the new thread, and a worker starting while a run is
 * in progress slows that run two to five times. So workers are started ahead, as spares, and only
 * while no run is in progress, one after another: a run takes a ready spare and starts nothing
 * (ADR 0016). A run's clock starts when the worker says the learner's code has started, and its
 * limit is stretched on a slow device (ADR 0023).
 */
import type { RunRequest, RunResult } from "@lumen/contracts";
import { JobClock } from "../host/job-clock.ts";
import { RunCollector } from "../host/result.ts";
import { deliver } from "../host/sandbox-messages.ts";
import {
  deviceSpeed,
  effectiveLimitMs,
  NOT_STARTED_MESSAGE,
  START_LIMIT_MS,
} from "../host/time-limit.ts";
import { type LanguageRunner, LIMITS, type RunOptions } from "../types.ts";
import { buildProgram } from "./program.ts";

/**
 * Workers kept started and waiting, about 2.8 MB each. Runs back to back (the playground's
 * Measure, a learner pressing Ctrl+Enter again and again) each find one ready until they are used
 * up; after that each run waits for a worker of its own (about 10 ms to start). The spares are
 * started again as soon as no run is in progress.
 */
export const SPARE_WORKERS = 12;
/** Devices that report 2 GB of memory or less keep fewer. */
export const SPARE_WORKERS_LOW_MEMORY = 3;

function spareCount(): number {
  const memory = (globalThis.navigator as { deviceMemory?: number } | undefined)?.deviceMemory;
  return memory !== undefined && memory <= 2 ? SPARE_WORKERS_LOW_MEMORY : SPARE_WORKERS;
}

interface Spare {
  worker: Worker;
  ready: Promise<void>;
  isReady: boolean;
}

function spawn(): Spare {
  const worker = new Worker(new URL("./js-sandbox.worker.ts", import.meta.url), {
    type: "module",
    name: "js-sandbox",
  });
  const spare: Spare = { worker, ready: Promise.resolve(), isReady: false };
  spare.ready = new Promise<void>((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; probeMs?: unknown };
      if (data?.type !== "ready") return;
      deviceSpeed.record(data.probeMs);
      worker.removeEventListener("message", onMessage);
      spare.isReady = true;
      resolve();
    };
    worker.addEventListener("message", onMessage);
    worker.addEventListener(
      "error",
      (event) => reject(new Error(event.message || "The JavaScript worker failed to start.")),
      { once: true },
    );
  });
  spare.ready.catch(() => {});
  return spare;
}

export function createBrowserJavaScriptRunner(): LanguageRunner {
  const spares: Spare[] = [];
  const wanted = spareCount();
  let running = 0;
  let starting = false;
  let disposed = false;

  /** Starts one spare, then the next once it is ready, while nothing runs and spares are short. */
  const refill = () => {
    if (disposed || starting || running > 0 || spares.length >= wanted) return;
    starting = true;
    const spare = spawn();
    spares.push(spare);
    spare.ready.then(
      () => {
        starting = false;
        refill();
      },
      () => {
        // A worker that cannot start (offline before its script was cached) is not retried in a
        // loop; the next run tries again and reports the failure.
        starting = false;
        const index = spares.indexOf(spare);
        if (index >= 0) spares.splice(index, 1);
        spare.worker.terminate();
      },
    );
  };
  /**
   * After a run: a macrotask later, so that a run started right after this one's result (back to
   * back) counts as running, and the spares start only once the runs stop.
   */
  const refillSoon = () => setTimeout(refill, 0);

  const take = (): Spare => {
    // The first ready spare; else the one starting, which is the closest to ready; else a new one.
    const index = spares.findIndex((spare) => spare.isReady);
    const [spare] = spares.splice(Math.max(0, index), 1);
    return spare ?? spawn();
  };

  async function runIn(
    spare: Spare,
    program: ReturnType<typeof buildProgram>,
    timeoutMs: number,
    collector: RunCollector,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const { worker, ready } = spare;
    try {
      await ready;
    } catch (error) {
      worker.terminate();
      collector.setError({ message: error instanceof Error ? error.message : String(error) });
      return;
    }
    await new Promise<void>((resolve) => {
      const finish = () => {
        clock.clear();
        clearTimeout(notStarted);
        signal?.removeEventListener("abort", onAbort);
        worker.removeEventListener("message", onMessage);
        worker.removeEventListener("error", onError);
        worker.terminate();
        resolve();
      };
      const onAbort = () => {
        collector.setError({ message: "The run was stopped." });
        finish();
      };
      const onMessage = (event: MessageEvent) => {
        const done = deliver(event.data, {
          console: (entry) => collector.addConsole(entry),
          test: (test) => collector.addTest(test),
          error: (error) => collector.setError(error),
          started: () => {
            // The clock counts the learner's code and the checks, from the worker's word that
            // they start: posting the program and a busy machine's delays before are not counted.
            clearTimeout(notStarted);
            collector.markStarted();
            clock.start(effectiveLimitMs(timeoutMs, deviceSpeed.stretch()));
          },
        });
        if (done) finish();
      };
      const onError = (event: ErrorEvent) => {
        event.preventDefault();
        collector.setError({
          message:
            event.message || "The JavaScript sandbox stopped (it may have run out of memory).",
        });
        finish();
      };
      const clock = new JobClock(() => {
        collector.timeout(timeoutMs);
        finish();
      });
      const notStarted = setTimeout(() => {
        collector.setError({ message: NOT_STARTED_MESSAGE });
        finish();
      }, START_LIMIT_MS);
      signal?.addEventListener("abort", onAbort);
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", onError);
      worker.postMessage(program);
    });
  }

  return {
    async run(request: RunRequest, options?: RunOptions): Promise<RunResult> {
      const timeoutMs = request.timeoutMs ?? LIMITS.browserTimeoutMs;
      const collector = new RunCollector(options?.onConsole);
      const program = buildProgram(request, "real");
      if (program.compileError) {
        // A syntax error needs no worker: the learner sees it at once.
        const { message, file, line } = program.compileError;
        collector.addConsole({
          stream: "stderr",
          text: `${message}${line ? ` (${file}:${line})` : ""}`,
        });
        collector.setError(program.compileError);
        return collector.result();
      }
      running++;
      try {
        await runIn(take(), program, timeoutMs, collector, options?.signal);
      } finally {
        running--;
        refillSoon();
      }
      return collector.result();
    },
    async preload() {
      refill();
      // Ready once the first spare is; the others start behind it.
      const first = spares[0] ?? spawn();
      if (!spares.includes(first)) spares.push(first);
      await first.ready;
    },
    async dispose() {
      disposed = true;
      for (const spare of spares.splice(0)) spare.worker.terminate();
    },
  };
}
