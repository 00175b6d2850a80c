/**
 * The Python runner for Node (content checks, the course engineers' preview): Pyodide in a
 * worker thread kept warm between runs, interrupted at the time limit and replaced when it will
 * not stop. input() is answered from the request's stdin, then with empty lines.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";
import type { ConsoleEntry } from "@lumen/contracts";
import { type LanguageRunner, LIMITS } from "../types.ts";
import type { PythonJob } from "./protocol.ts";
import { RestartableWorker, type WorkerPort } from "./restartable-worker.ts";
import { pythonResult } from "./result.ts";

/**
 * Workers start from a file of their own, outside any bundler. When this package runs from its
 * TypeScript sources (tsx, Vitest), the worker first registers tsx's loader, then imports it:
 * Node 20 does not apply a parent's --import loader to a worker's entry file.
 */
function startWorker(url: URL, options: WorkerOptions): Worker {
  if (!url.pathname.endsWith(".ts")) return new Worker(url, options);
  // tsx's "./esm/api" export for the import condition (require.resolve would pick the CommonJS one).
  const tsx = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const api = pathToFileURL(path.join(tsx, "dist/esm/api/index.mjs")).href;
  const bootstrap = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

export function nodeWorkerPort(url: URL, workerData: unknown): WorkerPort {
  const worker = startWorker(url, {
    workerData,
    // The learner's data lives in wasm memory (capped by the engine); this bounds the JS heap.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  worker.unref();
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.on("message", listener),
    onFailure: (listener) => {
      worker.on("error", (error) => listener(error.message));
      worker.on("exit", (code) => listener(`the worker exited (${code})`));
    },
    terminate: () => void worker.terminate(),
  };
}

export function createNodePythonRunner(): LanguageRunner {
  const interrupt = new Int32Array(new SharedArrayBuffer(4));
  const worker = new RestartableWorker({
    create: () => nodeWorkerPort(new URL("./node-worker.ts", import.meta.url), { interrupt }),
    interrupt,
  });
  return {
    async run(request, options) {
      const started = performance.now();
      const timeoutMs = request.timeoutMs ?? LIMITS.defaultTimeoutMs;
      const console: ConsoleEntry[] = [];
      const job: PythonJob = {
        files: request.files,
        entry: request.entry,
        checks: request.checks,
        stdin: request.stdin ?? [],
        inputMode: "empty",
        maxOutputChars: LIMITS.maxOutputChars,
      };
      await worker.warm().catch(() => undefined);
      const runStarted = performance.now();
      const end = await worker.run(job, {
        timeoutMs,
        signal: options?.signal,
        onConsole: (entry) => {
          console.push(entry);
          options?.onConsole?.(entry);
        },
      });
      return pythonResult(end, {
        console,
        durationMs: performance.now() - Math.max(started, runStarted),
        timeoutMs,
        onConsole: options?.onConsole,
      });
    },
    preload: () => worker.warm(),
    dispose: async () => worker.dispose(),
  };
}
