/**
 * Starts a Node worker thread from a file of its own, outside any bundler. When this package
 * runs from its TypeScript sources (tsx, Vitest, the Vite config), the worker first registers
 * tsx's loader, then imports the file: Node 20 does not apply a parent's --import loader to a
 * worker's entry file.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

export function startWorker(url: URL, options: WorkerOptions): Worker {
  if (!url.pathname.endsWith(".ts")) return new Worker(url, options);
  // tsx's "./esm/api" export for the import condition (require.resolve would pick the CommonJS one).
  const tsx = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const api = pathToFileURL(path.join(tsx, "dist/esm/api/index.mjs")).href;
  const bootstrap = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
