/**
 * The Python runner for Node (content checks, the course engineers' preview): Pyodide in a
 * worker thread kept warm between runs, interrupted at the time limit and replaced when it will
 * not stop. input() is answered from the request's stdin, then with empty lines.
 */
import type { ConsoleEntry } from "@lumen/contracts";
import { processCpuMs } from "../host/cpu-time.ts";
import { nodeWorkerPort } from "../host/node-worker-port.ts";
import { RestartableWorker } from "../host/restartable-worker.ts";
import { type LanguageRunner, LIMITS } from "../types.ts";
import type { PythonJob } from "./protocol.ts";
import { pythonResult } from "./result.ts";

export interface NodePythonRunnerOptions {
  /**
   * A memory snapshot from makePythonSnapshot(): each worker (the first, and every replacement
   * after a kill) restores it instead of starting Python from scratch.
   */
  snapshot?: Uint8Array;
}

export function createNodePythonRunner(options: NodePythonRunnerOptions = {}): LanguageRunner {
  const interrupt = new Int32Array(new SharedArrayBuffer(4));
  const { snapshot } = options;
  const worker = new RestartableWorker({
    create: () =>
      nodeWorkerPort(new URL("./node-worker.ts", import.meta.url), { interrupt, snapshot }),
    interrupt,
    cpuMs: processCpuMs,
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
