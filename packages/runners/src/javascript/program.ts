/**
 * Turns a JavaScript/TypeScript run request into the scripts a sandbox evaluates, in order: the
 * other files as modules for require(), the entry file at the top level (so checks can `get` its
 * bindings), then the checks. Shared by the Node (QuickJS) and browser (Web Worker) runners.
 */
import type { RunError, RunRequest } from "@lumen/contracts";
import type { HarnessConfig } from "../host/harness/harness.ts";
import { sourceKind, TranspileError, transpile } from "../host/transpile.ts";
import { checksWrapper, moduleWrapper } from "../host/wrappers.ts";
import { LIMITS } from "../types.ts";

export interface Script {
  file: string;
  code: string;
}

export interface Program {
  config: HarnessConfig;
  modules: Script[];
  entry?: Script;
  checks?: Script;
  /** A syntax error found while transpiling: nothing runs. */
  compileError?: RunError;
}

export const CHECKS_FILE = "checks.js";

export function entryFile(request: RunRequest): string {
  if (request.entry) return request.entry;
  const preferred = request.language === "typescript" ? "index.ts" : "index.js";
  const names = request.files.map((f) => f.name);
  if (names.includes(preferred)) return preferred;
  return names.find((n) => sourceKind(n) !== undefined) ?? preferred;
}

export function buildProgram(request: RunRequest, timers: HarnessConfig["timers"]): Program {
  const entryName = entryFile(request);
  const sources = Object.fromEntries(request.files.map((f) => [f.name, f.content]));
  const config: HarnessConfig = {
    files: request.files.map((f) => f.name),
    sources,
    entry: entryName,
    mode: "script",
    maxOutputChars: LIMITS.maxOutputChars,
    timers,
  };
  const program: Program = { config, modules: [] };
  const entrySource = sources[entryName];
  if (entrySource === undefined) {
    program.compileError = { message: `There is no file named ${entryName} to run.` };
    return program;
  }
  try {
    for (const file of request.files) {
      if (file.name === entryName || sourceKind(file.name) === undefined) continue;
      program.modules.push({
        file: file.name,
        code: moduleWrapper(file.name, transpile(file.name, file.content)),
      });
    }
    program.entry = { file: entryName, code: transpile(entryName, entrySource) };
  } catch (error) {
    if (!(error instanceof TranspileError)) throw error;
    program.compileError = {
      message: `SyntaxError: ${error.message}`,
      file: error.file,
      line: error.line,
      column: error.column,
    };
    return program;
  }
  if (request.checks?.trim()) {
    program.checks = { file: CHECKS_FILE, code: checksWrapper(request.checks) };
  }
  return program;
}
