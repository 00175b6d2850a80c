/**
 * Node only: starts a worker thread (see start-worker.ts) and wraps it in the WorkerPort shape the
 * restartable worker host expects; the Node side of the Python and SQL runners.
 */
import type { WorkerPort } from "./restartable-worker.ts";
import { startWorker } from "./start-worker.ts";

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
