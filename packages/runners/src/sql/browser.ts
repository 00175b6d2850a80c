/**
 * The SQL runner in the learner's browser: sql.js in a Web Worker, loaded on first use and kept
 * warm; every run starts from the seed, and a query past the time limit (1 s unless the request
 * sets one, stretched on a slow device; its clock starts once the seed is loaded, ADR 0023) ends
 * the worker (see runner.ts).
 */
import { webWorkerPort } from "../host/web-worker-port.ts";
import { type LanguageRunner, LIMITS } from "../types.ts";
import { createSqlRunner } from "./runner.ts";

export function createBrowserSqlRunner(): LanguageRunner {
  return createSqlRunner({
    create: () =>
      webWorkerPort(new Worker(new URL("./sql.worker.ts", import.meta.url), { type: "module" })),
    defaultTimeoutMs: LIMITS.browserTimeoutMs,
  });
}
