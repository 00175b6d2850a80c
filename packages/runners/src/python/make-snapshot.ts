/**
 * Makes the Python memory snapshot at build time: the interpreter's whole memory once Pyodide has
 * started and the harness is loaded and warmed up. Restoring it skips Python's own start-up, the
 * bulk of a cold start (about 0.4 s instead of 3 s or more). Pyodide ties a snapshot to its exact
 * build, so it is made from the same package the browser loads.
 */
import { startWorker } from "../host/start-worker.ts";

export function makePythonSnapshot(): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(new URL("./snapshot-worker.ts", import.meta.url), {});
    worker.once("message", (message: { snapshot?: Uint8Array; error?: string }) => {
      if (message.snapshot) resolve(message.snapshot);
      else reject(new Error(`The Python snapshot could not be made: ${message.error}`));
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The snapshot worker exited (${code}).`)));
  });
}
