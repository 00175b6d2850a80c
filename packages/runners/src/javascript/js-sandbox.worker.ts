/**
 * The learner's JavaScript/TypeScript runs here, one worker per run (a fresh realm): transpiled
 * with sucrase, evaluated at the top level so checks can `get` its bindings, then the checks.
 * Network, storage and nested workers are removed before any learner code runs.
 */
import type { RunRequest } from "@lumen/contracts";
import { evalGlobal } from "./harness/global-eval.ts";
import { createHarness } from "./harness/harness.ts";
import type { SandboxMessage } from "./messages.ts";
import { buildProgram } from "./program.ts";

const scope = globalThis as unknown as Record<string, unknown> & {
  postMessage(message: SandboxMessage): void;
  addEventListener(type: string, listener: (event: never) => void): void;
};
const post = scope.postMessage.bind(scope);

const REMOVED = [
  "fetch",
  "XMLHttpRequest",
  "WebSocket",
  "WebTransport",
  "EventSource",
  "indexedDB",
  "caches",
  "Worker",
  "SharedWorker",
  "BroadcastChannel",
  "importScripts",
  "cookieStore",
];

function evaluate(code: string, file: string): void {
  // Indirect eval runs at the top level of the realm; sourceURL names the learner's file in stacks.
  evalGlobal(`${code}\n//# sourceURL=${file}`);
}

async function run(request: RunRequest) {
  // Web APIs live on the global's prototypes; remove them all along the chain. The worker's own
  // policy (connect-src 'none') is the real barrier; this makes the failure read clearly.
  for (
    let target: object | null = scope;
    target && target !== Object.prototype;
    target = Object.getPrototypeOf(target)
  ) {
    for (const name of REMOVED) Reflect.deleteProperty(target, name);
  }
  const program = buildProgram(request, "real");
  if (program.compileError) {
    const { message, file, line } = program.compileError;
    post({
      type: "console",
      entry: { stream: "stderr", text: `${message}${line ? ` (${file}:${line})` : ""}` },
    });
    post({ type: "error", error: program.compileError });
    return;
  }
  const harness = createHarness(program.config, {
    console: (entry) => post({ type: "console", entry }),
    test: (test) => post({ type: "test", test }),
    error: (error) => post({ type: "error", error }),
  });
  scope.__lumen = harness;
  scope.addEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
    event.preventDefault();
    harness.uncaught(event.reason, true);
  });
  try {
    for (const script of program.modules) evaluate(script.code, script.file);
    if (program.entry) evaluate(program.entry.code, program.entry.file);
  } catch (error) {
    harness.uncaught(error);
  }
  await harness.idle();
  if (program.checks) {
    try {
      await evalGlobal(`${program.checks.code}\n//# sourceURL=${program.checks.file}`);
      await harness.runTests();
    } catch (error) {
      post({
        type: "error",
        error: { message: `The checks could not run: ${harness.describe(error).split("\n")[0]}` },
      });
    }
  }
}

scope.addEventListener("message", (event: MessageEvent<RunRequest>) => {
  void run(event.data).finally(() => post({ type: "done" }));
});
post({ type: "ready" });
