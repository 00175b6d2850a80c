/**
 * The one SQL runner, built from host pieces and used by both sides: sql.js in a restartable
 * worker kept warm between runs; every run starts from the seed, and a query past the time limit
 * (its clock starts once the worker has loaded the seed, ADR 0023) ends the worker. browser.ts
 * and node.ts only say which worker to start and the default time limit.
 */
import { RestartableWorker, type RestartableWorkerOptions } from "../host/restartable-worker.ts";
import type { LanguageRunner } from "../types.ts";
import { prepareSqlJob, sqlEntry, sqlResult } from "./result.ts";

export interface SqlRunnerOptions {
  /** Starts the worker (sql.worker.ts in the browser, node-worker.ts in Node). */
  create: RestartableWorkerOptions["create"];
  /** The time limit of a request that sets none. */
  defaultTimeoutMs: number;
  /** The process's CPU time (Node): a starved query's limit goes on (host/cpu-time.ts). */
  cpuMs?: RestartableWorkerOptions["cpuMs"];
}

export function createSqlRunner(options: SqlRunnerOptions): LanguageRunner {
  const worker = new RestartableWorker({ create: options.create, cpuMs: options.cpuMs });
  return {
    async run(request, runOptions) {
      const prepared = prepareSqlJob(request);
      if (!prepared.ok) return prepared.result;
      const timeoutMs = request.timeoutMs ?? options.defaultTimeoutMs;
      await worker.warm().catch(() => undefined);
      // The duration counts from the worker's "started", as the limit does (ADR 0023).
      let started = performance.now();
      const end = await worker.run(prepared.job, {
        timeoutMs,
        onStarted: () => {
          started = performance.now();
        },
        signal: runOptions?.signal,
        onConsole: () => undefined,
      });
      const result = sqlResult(end, {
        checks: prepared.checks,
        entryName: sqlEntry(request)?.name ?? "query.sql",
        durationMs: performance.now() - started,
        timeoutMs,
      });
      for (const entry of result.console) runOptions?.onConsole?.(entry);
      return result;
    },
    preload: () => worker.warm(),
    dispose: async () => worker.dispose(),
  };
}
