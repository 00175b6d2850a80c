/**
 * The SQL runner for Node (content checks, the course engineers' preview): sql.js in a worker
 * thread kept warm between runs; every run starts from the seed, and a query that runs past the
 * time limit is stopped by replacing the worker.
 */
import { nodeWorkerPort } from "../python/node.ts";
import { RestartableWorker } from "../python/restartable-worker.ts";
import { type LanguageRunner, LIMITS } from "../types.ts";
import { prepareSqlJob, sqlEntry, sqlResult } from "./result.ts";

export function createNodeSqlRunner(): LanguageRunner {
  const worker = new RestartableWorker({
    create: () => nodeWorkerPort(new URL("./node-worker.ts", import.meta.url), {}),
  });
  return {
    async run(request, options) {
      const prepared = prepareSqlJob(request);
      if (!prepared.ok) return prepared.result;
      const timeoutMs = request.timeoutMs ?? LIMITS.defaultTimeoutMs;
      await worker.warm().catch(() => undefined);
      const started = performance.now();
      const end = await worker.run(prepared.job, {
        timeoutMs,
        signal: options?.signal,
        onConsole: () => undefined,
      });
      const result = sqlResult(end, {
        checks: prepared.checks,
        entryName: sqlEntry(request)?.name ?? "query.sql",
        durationMs: performance.now() - started,
        timeoutMs,
      });
      for (const entry of result.console) options?.onConsole?.(entry);
      return result;
    },
    preload: () => worker.warm(),
    dispose: async () => worker.dispose(),
  };
}
