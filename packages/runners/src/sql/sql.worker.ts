/**
 * The Web Worker that runs SQLite for the browser SQL runner: sql.js with its WebAssembly from
 * /runtimes/sql/, jobs from the page. A runaway query is stopped by terminating this worker.
 */
import initSqlJs from "sql.js";
import { measureSpeedSpaced } from "../host/speed-probe.ts";
import { capWasmMemory } from "../host/wasm-memory-cap.ts";
import { createSqlEngine, WARM_UP_JOB } from "./engine.ts";
import { SQL_MEMORY_CAP_BYTES, sqlJobSchema } from "./protocol.ts";

capWasmMemory(SQL_MEMORY_CAP_BYTES);

initSqlJs({ locateFile: (file: string) => `/runtimes/sql/${file}` }).then(
  async (SQL) => {
    const engine = createSqlEngine(SQL);
    engine.run(WARM_UP_JOB);
    self.addEventListener("message", (event: MessageEvent) => {
      const message = event.data as { type?: string; id?: number; job?: unknown };
      const id = message.id;
      if (message.type !== "run" || typeof id !== "number") return;
      const outcome = engine.run(sqlJobSchema.parse(message.job), () =>
        self.postMessage({ type: "started", id }),
      );
      self.postMessage({ type: "done", id, outcome });
    });
    self.postMessage({ type: "ready", probeMs: await measureSpeedSpaced() });
  },
  (error: unknown) => {
    self.postMessage({ type: "crashed", message: `SQLite could not start: ${String(error)}` });
  },
);
