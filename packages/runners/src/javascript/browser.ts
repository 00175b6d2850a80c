/**
 * The JavaScript and TypeScript runner in the learner's browser. Each run gets a fresh Web Worker
 * (a fresh realm), taken from a small pool of pre-started workers, so back-to-back runs do not
 * wait for a worker to start. The page transpiles (sucrase, in this chunk) and the worker only
 * evaluates, which keeps a worker's start-up small enough for the pool to keep up. A run past its
 * time limit is stopped by terminating its worker.
 */
import type { RunRequest, RunResult } from "@lumen/contracts";
import { type LanguageRunner, LIMITS, type RunOptions } from "../types.ts";
import { deliver } from "./messages.ts";
import { buildProgram } from "./program.ts";
import { RunCollector } from "./result.ts";

/**
 * Workers kept started. A worker starts in a few milliseconds, on its own thread; with three
 * ready, a run that finishes in a millisecond or two still finds the next one ready.
 */
export const POOL_SIZE = 3;

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
      if ((event.data as { type?: string })?.type !== "ready") return;
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
  const pool: Spare[] = [];
  const fill = () => {
    while (pool.length < POOL_SIZE) pool.push(spawn());
  };
  const take = (): Spare => {
    // The first ready worker; else the oldest, which is the closest to ready.
    const index = pool.findIndex((spare) => spare.isReady);
    const [spare] = pool.splice(Math.max(0, index), 1);
    fill();
    return spare ?? spawn();
  };

  return {
    async run(request: RunRequest, options?: RunOptions): Promise<RunResult> {
      const timeoutMs = request.timeoutMs ?? LIMITS.defaultTimeoutMs;
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
      const { worker, ready } = take();
      try {
        await ready;
      } catch (error) {
        worker.terminate();
        collector.setError({ message: error instanceof Error ? error.message : String(error) });
        return collector.result();
      }
      await new Promise<void>((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          options?.signal?.removeEventListener("abort", onAbort);
          worker.terminate();
          resolve();
        };
        const timer = setTimeout(() => {
          collector.timeout(timeoutMs);
          finish();
        }, timeoutMs);
        const onAbort = () => {
          collector.setError({ message: "The run was stopped." });
          finish();
        };
        options?.signal?.addEventListener("abort", onAbort);
        worker.addEventListener("message", (event) => {
          const done = deliver(event.data, {
            console: (entry) => collector.addConsole(entry),
            test: (test) => collector.addTest(test),
            error: (error) => collector.setError(error),
          });
          if (done) finish();
        });
        worker.addEventListener("error", (event) => {
          event.preventDefault();
          collector.setError({
            message:
              event.message || "The JavaScript sandbox stopped (it may have run out of memory).",
          });
          finish();
        });
        worker.postMessage(program);
      });
      return collector.result();
    },
    async preload() {
      fill();
      await Promise.all(pool.map((spare) => spare.ready));
    },
    async dispose() {
      for (const spare of pool.splice(0)) spare.worker.terminate();
    },
  };
}
