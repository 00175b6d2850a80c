/**
 * The JavaScript and TypeScript runner in the learner's browser: each run gets a fresh Web Worker
 * (a fresh realm), taken from a pre-started spare so that a run does not wait for start-up. A run
 * past its time limit is stopped by terminating its worker.
 */
import type { RunRequest, RunResult } from "@lumen/contracts";
import { type LanguageRunner, LIMITS, type RunOptions } from "../types.ts";
import { deliver } from "./messages.ts";
import { RunCollector } from "./result.ts";

interface Spare {
  worker: Worker;
  ready: Promise<void>;
}

function spawn(): Spare {
  const worker = new Worker(new URL("./js-sandbox.worker.ts", import.meta.url), {
    type: "module",
    name: "js-sandbox",
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string })?.type !== "ready") return;
      worker.removeEventListener("message", onMessage);
      resolve();
    };
    worker.addEventListener("message", onMessage);
    worker.addEventListener(
      "error",
      (event) => reject(new Error(event.message || "The JavaScript worker failed to start.")),
      { once: true },
    );
  });
  ready.catch(() => {});
  return { worker, ready };
}

export function createBrowserJavaScriptRunner(): LanguageRunner {
  let spare: Spare | undefined;
  const take = (): Spare => {
    const next = spare ?? spawn();
    spare = spawn();
    return next;
  };

  return {
    async run(request: RunRequest, options?: RunOptions): Promise<RunResult> {
      const timeoutMs = request.timeoutMs ?? LIMITS.defaultTimeoutMs;
      const collector = new RunCollector(options?.onConsole);
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
          collector.setError({ message: event.message || "The JavaScript worker stopped." });
          finish();
        });
        worker.postMessage(request);
      });
      return collector.result();
    },
    async preload() {
      spare ??= spawn();
      await spare.ready;
    },
    async dispose() {
      spare?.worker.terminate();
      spare = undefined;
    },
  };
}
