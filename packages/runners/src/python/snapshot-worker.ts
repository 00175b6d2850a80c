/**
 * The worker thread that makes the Python memory snapshot (see make-snapshot.ts): Pyodide from
 * node_modules, prepared as the engine prepares it before learner code, then its memory posted
 * to the host. A thread of its own, so Pyodide never touches the build process's globals, and so
 * its clocks and entropy can be made repeatable here.
 */
import nodeCrypto from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import { loadPyodide } from "pyodide";
import { prepareInterpreter, pyodideConfig } from "./engine.ts";

const port = parentPort;
if (!port) throw new Error("snapshot-worker.ts runs as a worker thread");

/**
 * The same sources must give the same snapshot bytes: otherwise every build would change the
 * runtimes' hash and the service worker would download them all again after each deploy. Only
 * the interpreter's start-up reads these (the seeds of `random`, mimalloc and str hashing); the
 * engine reseeds `random` after each restore, and the rest needs no secret in a sandbox.
 */
function makeRepeatable(): void {
  let state = 0x2545f491;
  nodeCrypto.randomFillSync = (<T extends NodeJS.ArrayBufferView>(view: T): T => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      bytes[i] = state & 0xff;
    }
    return view;
  }) as typeof nodeCrypto.randomFillSync;
  // Emscripten keeps the program's path in memory; this is the name it uses in a browser.
  process.argv = [process.execPath, "./this.program"];
  let tick = 0;
  Date.now = () => 1_700_000_000_000 + tick++;
  performance.now = () => tick++;
}

makeRepeatable();

const indexURL = `${path.dirname(createRequire(import.meta.url).resolve("pyodide/package.json"))}/`;

loadPyodide({ ...pyodideConfig(indexURL), _makeSnapshot: true }).then(
  (py) => {
    prepareInterpreter(py);
    const snapshot = py.makeMemorySnapshot();
    port.postMessage({ snapshot }, [snapshot.buffer as ArrayBuffer]);
  },
  (error: unknown) => port.postMessage({ error: String(error) }),
);
