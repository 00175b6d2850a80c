/**
 * The worker thread that makes the Python memory snapshot (see make-snapshot.ts): Pyodide from
 * node_modules, prepared as the engine prepares it before learner code, then its memory posted
 * to the host. A thread of its own, so Pyodide never touches the build process's globals.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import { loadPyodide } from "pyodide";
import { prepareInterpreter, pyodideConfig } from "./engine.ts";

const port = parentPort;
if (!port) throw new Error("snapshot-worker.ts runs as a worker thread");

const indexURL = `${path.dirname(createRequire(import.meta.url).resolve("pyodide/package.json"))}/`;

loadPyodide({ ...pyodideConfig(indexURL), _makeSnapshot: true }).then(
  (py) => {
    prepareInterpreter(py);
    const snapshot = py.makeMemorySnapshot();
    port.postMessage({ snapshot }, [snapshot.buffer as ArrayBuffer]);
  },
  (error: unknown) => port.postMessage({ error: String(error) }),
);
