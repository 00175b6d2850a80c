/**
 * The Web Worker that runs Python for the browser runner: Pyodide from
 * /runtimes/pyodide/<version>/, restored from the build's memory snapshot there (a normal start
 * when that fails), jobs from the page. With cross-origin isolation the page shares an interrupt
 * buffer (to stop endless loops without losing the warm runtime) and an input buffer (input()
 * blocks on it).
 */
import { loadPyodide, version } from "pyodide";
import { measureSpeedSpaced } from "../host/speed-probe.ts";
import { startPythonEngine } from "./engine.ts";
import { readInputLine } from "./input-buffer.ts";
import { pythonJobSchema } from "./protocol.ts";
import { pyodideDirectory, pyodideSnapshotFile } from "./pyodide-path.ts";
import { syntaxRequestSchema } from "./syntax-check.ts";

interface Init {
  type: "init";
  interrupt?: Int32Array;
  input?: SharedArrayBuffer;
}

const post = (message: unknown) => self.postMessage(message);

const indexURL = new URL(`/runtimes/${pyodideDirectory(version)}`, self.location.origin).href;

/** Fetched beside Pyodide's own files, so both come off the HTTP cache at once. */
async function fetchSnapshot(): Promise<Uint8Array> {
  const response = await fetch(new URL(pyodideSnapshotFile(version), indexURL));
  if (!response.ok) throw new Error(`the snapshot answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

let started = false;
// Pyodide fetches its files in parallel: with no network, the fetches after the first failure
// reject with nobody listening. The failed start is reported once, as "crashed", so those
// leftovers must not surface as uncaught errors on the learner's page.
self.addEventListener("unhandledrejection", (event) => {
  if (!started) event.preventDefault();
});

self.addEventListener(
  "message",
  (event: MessageEvent) => {
    const init = event.data as Init;
    const input = init.input;
    startPythonEngine({
      loadPyodide,
      indexURL,
      interrupt: init.interrupt,
      post,
      readLine: input
        ? (id, prompt) => {
            post({ type: "input", id, prompt });
            return readInputLine(input);
          }
        : undefined,
      snapshot: fetchSnapshot(),
      onSnapshotFailed: (error) => {
        console.warn(`Python's memory snapshot did not restore; starting from scratch: ${error}`);
      },
    }).then(
      async (engine) => {
        const probeMs = await measureSpeedSpaced();
        self.addEventListener("message", (message: MessageEvent) => {
          const data = message.data as { type?: string; id?: number; job?: unknown };
          if (typeof data.id !== "number") return;
          if (data.type === "run") engine.run(data.id, pythonJobSchema.parse(data.job));
          if (data.type === "syntax") {
            // The editor's lint: compiled, never run (syntax-check.ts).
            const { source, name } = syntaxRequestSchema.parse(message.data);
            post({ type: "syntax", id: data.id, diagnostics: engine.checkSyntax(source, name) });
          }
        });
        started = true;
        post({ type: "ready", fromSnapshot: engine.fromSnapshot, probeMs });
      },
      (error: unknown) =>
        post({ type: "crashed", message: `Python could not start: ${String(error)}` }),
    );
  },
  { once: true },
);
