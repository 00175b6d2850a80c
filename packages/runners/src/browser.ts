/**
 * The in-browser runners: every runtime runs on the learner's machine, loaded lazily from our
 * own origin. Each family's code is imported only when a lesson of that family opens.
 */
import type { RunRequest, RunResult, TypeDiagnostic } from "@lumen/contracts";
import type { BrowserPythonRunner } from "./python/browser.ts";
import type { PythonDiagnostic } from "./python/syntax-check.ts";
import { type LanguageRunner, type RunnerFamily, type RunOptions, runnerFamily } from "./types.ts";
import {
  isTypeScriptLoaded,
  preloadTypeScript,
  TypeCheckUnavailable,
  typeCheck,
} from "./typescript/browser.ts";
import { type TypeCheckOutcome, withTypeCheck } from "./typescript/requirement.ts";

/** The Python runner once loaded: the editor's lint asks it, never starts it. */
let python: BrowserPythonRunner | undefined;

const LOADERS: Record<RunnerFamily, () => Promise<LanguageRunner>> = {
  python: () =>
    import("./python/browser.ts").then((m) => {
      python = m.createBrowserPythonRunner();
      return python;
    }),
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

/** Languages the compiler checks before they run; the code runs either way (typescript/requirement.ts). */
const isTyped = (language: RunRequest["language"]) =>
  language === "typescript" || language === "tsx";

function unavailable(error: unknown): TypeCheckOutcome {
  if (error instanceof TypeCheckUnavailable) return { unavailable: error.message };
  return { unavailable: error instanceof Error ? error.message : String(error) };
}

export async function runInBrowser(request: RunRequest, options?: RunOptions): Promise<RunResult> {
  if (!isTyped(request.language)) {
    const runner = await get(runnerFamily(request.language));
    return runner.run(request, options);
  }
  // The compiler reports before the code runs; the runtime loads meanwhile.
  const types = typeCheck(request.files, request.language === "tsx").then(
    (diagnostics): TypeCheckOutcome => ({ diagnostics }),
    unavailable,
  );
  const runner = await get(runnerFamily(request.language));
  const outcome = await types;
  return withTypeCheck(await runner.run(request, options), outcome, request.requires);
}

/** Starts loading a language's runtime ahead of the first Run (and, for TS and TSX, the compiler). */
export async function preloadRuntime(language: RunRequest["language"]): Promise<void> {
  if (isTyped(language)) preloadTypeScript().catch(() => {});
  const runner = await get(runnerFamily(language));
  await runner.preload();
}

/**
 * The compiler's diagnostics of one file (`file`), with the other files beside it: type errors
 * for .ts and .tsx, syntax errors only for .js and .jsx. Loads the compiler worker on first use
 * (3.6 MB; see isTypeScriptLoaded); rejects when it cannot be loaded or a check runs too long.
 */
export async function typescriptDiagnostics(input: {
  files: { name: string; content: string }[];
  file: string;
  jsx: boolean;
}): Promise<TypeDiagnostic[]> {
  const diagnostics = await typeCheck(input.files, input.jsx);
  return diagnostics.filter((d) => d.file === input.file);
}

/** Whether this page's TypeScript compiler worker has loaded (the editor lints only then). */
export { isTypeScriptLoaded };

/**
 * Python's own compile() on a file, for the editor's lint: only once a Python lesson has started
 * the runtime (this never loads it); undefined when there is no verdict.
 */
export async function checkPythonSyntax(
  source: string,
  fileName: string,
): Promise<PythonDiagnostic[] | undefined> {
  return python?.checkSyntax(source, fileName);
}

export type { TypeDiagnostic } from "@lumen/contracts";
export type { PythonDiagnostic } from "./python/syntax-check.ts";
export type { RunOptions } from "./types.ts";
