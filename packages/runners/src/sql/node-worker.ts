/**
 * The worker thread that runs SQLite for the Node runner: sql.js from node_modules, jobs from
 * the host over the port. A runaway query is stopped by terminating this thread.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import initSqlJs from "sql.js";
import { capWasmMemory } from "../host/wasm-memory-cap.ts";
import { createSqlEngine, WARM_UP_JOB } from "./engine.ts";
import { SQL_MEMORY_CAP_BYTES, sqlJobSchema } from "./protocol.ts";

const port = parentPort;
if (!port) throw new Error("node-worker.ts runs as a worker thread");

// sql.js exports only "." and "./dist/*"; its main file sits in dist, beside the wasm.
const dist = path.dirname(createRequire(import.meta.url).resolve("sql.js"));
capWasmMemory(SQL_MEMORY_CAP_BYTES);

initSqlJs({ locateFile: (file: string) => path.join(dist, file) }).then(
  (SQL) => {
    const engine = createSqlEngine(SQL);
    engine.run(WARM_UP_JOB);
    port.on("message", (raw: unknown) => {
      const message = raw as { type?: string; id?: number; job?: unknown };
      const id = message.id;
      if (message.type !== "run" || typeof id !== "number") return;
      const outcome = engine.run(sqlJobSchema.parse(message.job), () =>
        port.postMessage({ type: "started", id }),
      );
      port.postMessage({ type: "done", id, outcome });
    });
    port.postMessage({ type: "ready" });
  },
  (error: unknown) => {
    port.postMessage({ type: "crashed", message: `SQLite could not start: ${String(error)}` });
  },
);
