/**
 * The Web Worker that runs SQLite for the browser SQL runner: sql.js with its WebAssembly from
 * /runtimes/sql/, jobs from the page. A runaway query is stopped by terminating this worker.
 */
import initSqlJs from "sql.js";
import { capWasmMemory } from "../host/wasm-memory-cap.ts";
import { createSqlEngine } from "./engine.ts";
import { SQL_MEMORY_CAP_BYTES, sqlJobSchema } from "./protocol.ts";

capWasmMemory(SQL_MEMORY_CAP_BYTES);

initSqlJs({ locateFile: (file: string) => `/runtimes/sql/${file}` }).then(
  (SQL) => {
    const engine = createSqlEngine(SQL);
    self.addEventListener("message", (event: MessageEvent) => {
      const message = event.data as { type?: string; id?: number; job?: unknown };
      if (message.type !== "run" || typeof message.id !== "number") return;
      const outcome = engine.run(sqlJobSchema.parse(message.job));
      self.postMessage({ type: "done", id: message.id, outcome });
    });
    self.postMessage({ type: "ready" });
  },
  (error: unknown) => {
    self.postMessage({ type: "crashed", message: `SQLite could not start: ${String(error)}` });
  },
);
