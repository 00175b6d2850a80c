/**
 * Wraps a browser Web Worker in the WorkerPort shape the restartable worker host expects.
 */
import type { WorkerPort } from "./restartable-worker.ts";

export function webWorkerPort(worker: Worker): WorkerPort {
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.addEventListener("message", (event) => listener(event.data)),
    onFailure: (listener) => {
      worker.addEventListener("error", (event) => {
        event.preventDefault();
        listener(event.message || "the worker failed to load");
      });
    },
    terminate: () => worker.terminate(),
  };
}
