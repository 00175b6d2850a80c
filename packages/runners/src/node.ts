/**
 * The server-side runners: the same runtimes as the browser's, sandboxed for untrusted code,
 * for content checks and the course engineers' preview. One warm runner per family.
 */
import { type RunRequest, type RunResult, runRequestSchema } from "@lumen/contracts";
import { type LanguageRunner, type RunnerFamily, runnerFamily } from "./types.ts";
import { createNodeTypeChecker, type NodeTypeChecker } from "./typescript/node.ts";
import { withTypeCheck } from "./typescript/requirement.ts";

export interface NodeRunners {
  run(request: RunRequest): Promise<RunResult>;
  preload(families?: RunnerFamily[]): Promise<void>;
  dispose(): Promise<void>;
}

/** Each family loads only when first used, so a Python check never pays for the DOM. */
const FACTORIES: Record<RunnerFamily, () => Promise<LanguageRunner>> = {
  python: () => import("./python/node.ts").then((m) => m.createNodePythonRunner()),
  sql: () => import("./sql/node.ts").then((m) => m.createNodeSqlRunner()),
  javascript: () => import("./javascript/node.ts").then((m) => m.createNodeJavaScriptRunner()),
  page: () => import("./dom/node.ts").then((m) => m.createNodePageRunner()),
};

export function createNodeRunners(): NodeRunners {
  const runners = new Map<RunnerFamily, Promise<LanguageRunner>>();
  let typeChecker: NodeTypeChecker | undefined;
  const types = () => {
    typeChecker ??= createNodeTypeChecker();
    return typeChecker;
  };
  const get = (family: RunnerFamily) => {
    let runner = runners.get(family);
    if (!runner) {
      runner = FACTORIES[family]();
      runners.set(family, runner);
    }
    return runner;
  };
  return {
    run: async (raw) => {
      const request = runRequestSchema.parse(raw);
      const runner = await get(runnerFamily(request.language));
      if (request.language !== "typescript" && request.language !== "tsx") {
        return runner.run(request);
      }
      // TypeScript and TSX: the compiler's report beside the run, as in the browser.
      const [outcome, result] = await Promise.all([
        types().check({ files: request.files, jsx: request.language === "tsx" }),
        runner.run(request),
      ]);
      return withTypeCheck(result, outcome, request.requires);
    },
    preload: async (families = ["python", "sql", "javascript", "page"]) => {
      await Promise.all(families.map(async (family) => (await get(family)).preload()));
    },
    dispose: async () => {
      await typeChecker?.dispose();
      typeChecker = undefined;
      const all = await Promise.allSettled(runners.values());
      runners.clear();
      await Promise.all(all.map((r) => (r.status === "fulfilled" ? r.value.dispose() : undefined)));
    },
  };
}

export type { LanguageRunner, RunOptions } from "./types.ts";
/** The compiler's check as the browser's runInBrowser adds it (e2e/throttled-solutions.e2e.ts). */
export { createNodeTypeChecker, type NodeTypeChecker } from "./typescript/node.ts";
export { withTypeCheck } from "./typescript/requirement.ts";
