/**
 * The SQL runner in the learner's browser: sql.js in a Web Worker, loaded on first use and kept
 * warm; every run starts from the seed, and a query past the time limit (1 s unless the request
 * sets one; its clock starts once the worker is ready) ends the worker.
 */
import { RestartableWorker } from "../python/restartable-worker.ts";
import { webWorkerPort } from "../python/web-worker-port.ts";
import { type LanguageRunner, LIMITS } from "../types.ts";
import { prepareSqlJob, sqlEntry, sqlResult } from "./result.ts";

export function createBrowserSqlRunner(): LanguageRunner {
  const worker = new RestartableWorker({
    create: () =>
      webWorkerPort(new Worker(new URL("./sql.worker.ts", import.meta.url), { type: "module" })),
  });
  return {
    async run(request, options) {
      const prepared = prepareSqlJob(request);
      if (!prepared.ok) return prepared.result;
      const timeoutMs = request.timeoutMs ?? LIMITS.browserTimeoutMs;
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
