/**
 * The server-side runners: the same runtimes as the browser's, sandboxed for untrusted code,
 * for content checks and the course engineers' preview. One warm runner per family.
 */
import { type RunRequest, type RunResult, runRequestSchema } from "@lumen/contracts";
import { createNodeJavaScriptRunner } from "./javascript/node.ts";
import { createNodePageRunner } from "./dom/node.ts";
import { createNodePythonRunner } from "./python/node.ts";
import { createNodeSqlRunner } from "./sql/node.ts";
import { type LanguageRunner, type RunnerFamily, runnerFamily } from "./types.ts";

export interface NodeRunners {
  run(request: RunRequest): Promise<RunResult>;
  preload(families?: RunnerFamily[]): Promise<void>;
  dispose(): Promise<void>;
}

const FACTORIES: Record<RunnerFamily, () => LanguageRunner> = {
  python: createNodePythonRunner,
  sql: createNodeSqlRunner,
  javascript: createNodeJavaScriptRunner,
  page: createNodePageRunner,
};

export function createNodeRunners(): NodeRunners {
  const runners = new Map<RunnerFamily, LanguageRunner>();
  const get = (family: RunnerFamily) => {
    let runner = runners.get(family);
    if (!runner) {
      runner = FACTORIES[family]();
      runners.set(family, runner);
    }
    return runner;
  };
  return {
    run: (request) => get(runnerFamily(request.language)).run(runRequestSchema.parse(request)),
    preload: async (families = ["python", "sql", "javascript", "page"]) => {
      await Promise.all(families.map((family) => get(family).preload()));
    },
    dispose: async () => {
      await Promise.all([...runners.values()].map((runner) => runner.dispose()));
      runners.clear();
    },
  };
}

export type { LanguageRunner, RunOptions } from "./types.ts";
