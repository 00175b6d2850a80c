/**
 * The SQL runner for Node (content checks, the course engineers' preview): sql.js in a worker
 * thread kept warm between runs; every run starts from the seed, and a query that runs past the
 * time limit is stopped by replacing the worker (see runner.ts).
 */
import { processCpuMs } from "../host/cpu-time.ts";
import { nodeWorkerPort } from "../host/node-worker-port.ts";
import { type LanguageRunner, LIMITS } from "../types.ts";
import { createSqlRunner } from "./runner.ts";

export function createNodeSqlRunner(): LanguageRunner {
  return createSqlRunner({
    create: () => nodeWorkerPort(new URL("./node-worker.ts", import.meta.url), {}),
    defaultTimeoutMs: LIMITS.defaultTimeoutMs,
    cpuMs: processCpuMs,
  });
}
