/**
 * The in-browser runners: every runtime runs on the learner's machine, loaded lazily from our
 * own origin. Each family's code is imported only when a lesson of that family opens.
 */
import type { RunRequest, RunResult } from "@lumen/contracts";
import { type LanguageRunner, type RunnerFamily, type RunOptions, runnerFamily } from "./types.ts";

const LOADERS: Record<RunnerFamily, () => Promise<LanguageRunner>> = {
  python: () => import("./python/browser.ts").then((m) => m.createBrowserPythonRunner()),
  sql: () => import("./sql/browser.ts").then((m) => m.createBrowserSqlRunner()),
  javascript: () =>
    import("./javascript/browser.ts").then((m) => m.createBrowserJavaScriptRunner()),
  page: () => import("./dom/browser.ts").then((m) => m.createBrowserPageRunner()),
};

const runners = new Map<RunnerFamily, Promise<LanguageRunner>>();

function get(family: RunnerFamily): Promise<LanguageRunner> {
  let runner = runners.get(family);
  if (!runner) {
    runner = LOADERS[family]();
    runners.set(family, runner);
    // A failed load must not stick: the next call tries again.
    runner.catch(() => runners.delete(family));
  }
  return runner;
}

export async function runInBrowser(request: RunRequest, options?: RunOptions): Promise<RunResult> {
  const runner = await get(runnerFamily(request.language));
  return runner.run(request, options);
}

/** Starts loading a language's runtime ahead of the first Run. */
export async function preloadRuntime(language: RunRequest["language"]): Promise<void> {
  const runner = await get(runnerFamily(language));
  await runner.preload();
}

export type { RunOptions } from "./types.ts";
