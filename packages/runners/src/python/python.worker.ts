/**
 * The Web Worker that runs Python for the browser runner: Pyodide from /runtimes/pyodide/,
 * jobs from the page. With cross-origin isolation the page shares an interrupt buffer (to stop
 * endless loops without losing the warm runtime) and an input buffer (input() blocks on it).
 */
import { loadPyodide } from "pyodide";
import { startPythonEngine } from "./engine.ts";
import { readInputLine } from "./input-buffer.ts";
import { pythonJobSchema } from "./protocol.ts";

interface Init {
  type: "init";
  interrupt?: Int32Array;
  input?: SharedArrayBuffer;
}

const post = (message: unknown) => self.postMessage(message);

self.addEventListener(
  "message",
  (event: MessageEvent) => {
    const init = event.data as Init;
    const input = init.input;
    startPythonEngine({
      loadPyodide,
      indexURL: new URL("/runtimes/pyodide/", self.location.origin).href,
      interrupt: init.interrupt,
      post,
      readLine: input
        ? (id, prompt) => {
            post({ type: "input", id, prompt });
            return readInputLine(input);
          }
        : undefined,
    }).then(
      (engine) => {
        self.addEventListener("message", (message: MessageEvent) => {
          const data = message.data as { type?: string; id?: number; job?: unknown };
          if (data.type !== "run" || typeof data.id !== "number") return;
          engine.run(data.id, pythonJobSchema.parse(data.job));
        });
        post({ type: "ready" });
      },
      (error: unknown) =>
        post({ type: "crashed", message: `Python could not start: ${String(error)}` }),
    );
  },
  { once: true },
);
