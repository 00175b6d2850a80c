/**
 * The learner's JavaScript/TypeScript runs here, one worker per run (a fresh realm). The page has
 * already transpiled the program (program.ts), so this worker holds only the harness and starts
 * in a few milliseconds: code is evaluated at the top level so checks can `get` its bindings,
 * then the checks run. Network, storage and nested workers are removed before any learner code.
 */
import { evalGlobal } from "../host/harness/global-eval.ts";
import { createHarness } from "../host/harness/harness.ts";
import type { SandboxMessage } from "../host/sandbox-messages.ts";
import { measureSpeedSpaced } from "../host/speed-probe.ts";
import type { Program } from "./program.ts";

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

/**
 * Indirect eval runs at the top level of the realm; sourceURL names the learner's file in stacks.
 * An eval keeps its let/const/class to itself, so the entry file starts (on its first line, to
 * keep every line number) by handing the checks a lookup that can see them.
 */
const LOOKUP = "__lumen.lookup = function (__lumenName) { return eval(__lumenName); };";

function evaluate(code: string, file: string, withLookup = false): void {
  evalGlobal(`${withLookup ? LOOKUP : ""}${code}\n//# sourceURL=${file}`);
}

async function run(program: Program) {
  // Web APIs live on the global's prototypes; remove them all along the chain. The worker's own
  // policy (connect-src 'none') is the real barrier; this makes the failure read clearly.
  for (
    let target: object | null = scope;
    target && target !== Object.prototype;
    target = Object.getPrototypeOf(target)
  ) {
    for (const name of REMOVED) Reflect.deleteProperty(target, name);
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
  // The page's clock of the run starts here, as the learner's code does (ADR 0023).
  post({ type: "started" });
  try {
    for (const script of program.modules) evaluate(script.code, script.file);
    if (program.entry) evaluate(program.entry.code, program.entry.file, true);
  } catch (error) {
    harness.uncaught(error);
  }
  await harness.idle();
  // Chromium reports a promise nobody handled in a task of its own after the microtasks; give it
  // two turns of the event loop so it arrives before the run is done.
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
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

scope.addEventListener("message", (event: MessageEvent<Program>) => {
  void run(event.data).finally(() => post({ type: "done" }));
});
// Measured as the worker starts: spares start while no run is in progress (browser.ts).
void measureSpeedSpaced(2).then((probeMs) => post({ type: "ready", probeMs }));
