/**
 * The worker thread that runs Python for the Node runner: Pyodide loaded from node_modules (or
 * restored from a memory snapshot the host passes), jobs from the host over the port, input()
 * answered from the request's stdin.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { loadPyodide } from "pyodide";
import { forbidProcesses } from "../host/node-lockdown.ts";
import { startPythonEngine } from "./engine.ts";
import { pythonJobSchema } from "./protocol.ts";

const port = parentPort;
if (!port) throw new Error("node-worker.ts runs as a worker thread");

const indexURL = `${path.dirname(createRequire(import.meta.url).resolve("pyodide/package.json"))}/`;
const { interrupt, snapshot } = workerData as { interrupt: Int32Array; snapshot?: Uint8Array };

startPythonEngine({
  loadPyodide,
  indexURL,
  interrupt,
  post: (m) => port.postMessage(m),
  snapshot: snapshot && Promise.resolve(snapshot),
  onSnapshotFailed: (error) => {
    console.warn(`Python's memory snapshot did not restore; starting from scratch: ${error}`);
  },
}).then(
  (engine) => {
    forbidProcesses();
    port.on("message", (raw: unknown) => {
      const message = raw as { type?: string; id?: number; job?: unknown };
      if (message.type !== "run" || typeof message.id !== "number") return;
      engine.run(message.id, pythonJobSchema.parse(message.job));
    });
    port.postMessage({ type: "ready", fromSnapshot: engine.fromSnapshot });
  },
  (error: unknown) => {
    port.postMessage({ type: "crashed", message: `Python could not start: ${String(error)}` });
  },
);
