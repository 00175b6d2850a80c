/**
 * Runs one JavaScript program in QuickJS compiled to WebAssembly: the learner's code sees no
 * process, files or network, only what the harness gives it. A fresh runtime and context per run
 * (cheap: the WASM module itself stays loaded), with limits on memory, stack and time.
 */
import type { RunRequest, RunResult } from "@lumen/contracts";
import {
  getQuickJS,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
} from "quickjs-emscripten";
import { bundleScript } from "../host/bundle-script.ts";
import { processCpuMs, starvedRemainingMs } from "../host/cpu-time.ts";
import { RunCollector } from "../host/result.ts";
import { LIMITS } from "../types.ts";
import { markAsyncBodies } from "./async-escapes.ts";
import { harnessScript, REJECTIONS_ENTRY } from "./bundle-harness.ts";
import { buildProgram, type Script } from "./program.ts";

const MEMORY_LIMIT = 64 * 1024 * 1024;
const STACK_LIMIT = 256 * 1024;
/** Jobs and timers run between checks of the clock, so one endless chain cannot escape it. */
const MAX_TIMER_TICKS = 100_000;

let module: Promise<QuickJSWASMModule> | undefined;

export function loadQuickJs(): Promise<QuickJSWASMModule> {
  module ??= getQuickJS();
  return module;
}

/** The realm's own rejection tracker (see quickjs-rejections.ts), installed before learner code. */
export function rejectionTrackerScript(): Promise<string> {
  return bundleScript(REJECTIONS_ENTRY);
}

const INSTALL_TRACKER = `(() => {
  const tracker = __lumenRejections.installRejectionTracker((reason) => __lumen.uncaught(reason, true));
  delete globalThis.__lumenRejections;
  __lumen.rejections = tracker.events;
  return tracker.check;
})()`;

class Interrupted extends Error {}

export interface QuickJsRun {
  result: RunResult;
  /**
   * The run's runtime was not freed: it was interrupted (QuickJS can leave objects behind when
   * stopped in the middle of a job, and freeing the runtime then aborts the whole WebAssembly
   * module) or freeing it failed. The QuickJS module in this thread must be thrown away.
   */
  leaked: boolean;
}

export async function runInQuickJs(request: RunRequest): Promise<QuickJsRun> {
  const [quickjs, harness, tracker] = await Promise.all([
    loadQuickJs(),
    harnessScript(),
    rejectionTrackerScript(),
  ]);
  const timeoutMs = request.timeoutMs ?? LIMITS.defaultTimeoutMs;
  const collector = new RunCollector();
  const program = buildProgram(request, "virtual");
  if (program.compileError) {
    collector.addConsole({
      stream: "stderr",
      text: `${program.compileError.message}${program.compileError.line ? ` (${program.compileError.file}:${program.compileError.line})` : ""}`,
    });
    collector.setError(program.compileError);
    return { result: collector.result(), leaked: false };
  }

  const runtime = quickjs.newRuntime();
  // The limit counts the CPU a starved run did not get, within a cap (host/cpu-time.ts).
  const startedAt = performance.now();
  const cpuAtStart = processCpuMs();
  let nextLook = timeoutMs;
  let interrupted = false;
  runtime.setMemoryLimit(MEMORY_LIMIT);
  runtime.setMaxStackSize(STACK_LIMIT);
  runtime.setInterruptHandler(() => {
    const wallMs = performance.now() - startedAt;
    if (interrupted || wallMs < nextLook) return interrupted;
    const more = starvedRemainingMs({
      limitMs: timeoutMs,
      wallMs,
      cpuMs: processCpuMs() - cpuAtStart,
    });
    if (more === 0) interrupted = true;
    else nextLook = wallMs + more;
    return interrupted;
  });
  const ctx = runtime.newContext();
  let uncaught: QuickJSHandle = ctx.undefined;
  let checkRejections: QuickJSHandle = ctx.undefined;
  let leaked = true;
  try {
    installHost(ctx, collector);
    evalOrThrow(ctx, harness, "harness.js");
    evalOrThrow(
      ctx,
      `globalThis.__lumen = __lumenHarness.createHarness(${JSON.stringify(program.config)}, __lumenHost); delete globalThis.__lumenHarness; delete globalThis.__lumenHost;`,
      "harness.js",
    );
    uncaught = ctx.getProp(ctx.global, "__lumen").consume((h) => ctx.getProp(h, "uncaught"));
    evalOrThrow(ctx, tracker, "harness.js");
    checkRejections = ctx.unwrapResult(ctx.evalCode(INSTALL_TRACKER, "harness.js"));
    const learner = (script: Script) => {
      const result = ctx.evalCode(markAsyncBodies(script.code), script.file);
      if (result.error) {
        result.error.consume((e) => interrupted || reportUncaught(ctx, uncaught, e));
        checkInterrupted();
        return false;
      }
      result.value.dispose();
      return true;
    };
    const checkInterrupted = () => {
      if (interrupted) throw new Interrupted();
    };
    /** Reports unhandled rejections; true when the tracker first needs the jobs run once more. */
    const rejectionsNeedJobs = (): boolean => {
      const checked = ctx.callFunction(checkRejections, ctx.undefined);
      if (checked.error) {
        checked.error.dispose();
        checkInterrupted();
        return false;
      }
      return checked.value.consume((v) => ctx.dump(v)) === true;
    };
    const settled = (promise: QuickJSHandle): boolean => {
      const state = ctx.getPromiseState(promise);
      if (state.type === "fulfilled") state.value.dispose();
      if (state.type === "rejected") state.error.dispose();
      return state.type !== "pending";
    };
    /** Runs jobs and timers until `promise` settles or nothing is left to run; true if it did. */
    const settle = (promise?: QuickJSHandle): boolean => {
      for (let ticks = 0; ticks < MAX_TIMER_TICKS; ticks++) {
        const jobs = runtime.executePendingJobs();
        if (jobs.error) jobs.error.consume((e) => interrupted || reportUncaught(ctx, uncaught, e));
        checkInterrupted();
        // Every job has run, the end of a task in a browser: now a rejection nobody handled is one.
        if (!jobs.error && !runtime.hasPendingJob() && rejectionsNeedJobs()) continue;
        if (promise && settled(promise)) return true;
        const tick = ctx.evalCode("__lumen.tick()", "harness.js");
        if (tick.error) {
          tick.error.dispose();
          checkInterrupted();
          break;
        }
        const more = tick.value.consume((v) => ctx.dump(v));
        if (!more) break;
      }
      return !promise || settled(promise);
    };

    for (const script of program.modules) learner(script);
    if (program.entry) learner(program.entry);
    settle();
    if (program.checks) {
      const checks = ctx.evalCode(program.checks.code, program.checks.file);
      if (checks.error) {
        checks.error.consume((e) => {
          const text = describe(ctx, e);
          collector.addConsole({ stream: "stderr", text: `The checks could not run: ${text}` });
          collector.setError({ message: `The checks could not run: ${text}` });
        });
        checkInterrupted();
      } else {
        // Checks that wait for a promise that never settles would wait forever, as they do in a
        // browser: the run ends as a timeout, never as passed with the checks left unreported.
        let finished = checks.value.consume((p) => settle(p));
        if (finished) {
          const tests = ctx.evalCode("__lumen.runTests()", "harness.js");
          if (tests.error) tests.error.dispose();
          else finished = tests.value.consume((p) => settle(p));
        }
        checkInterrupted();
        if (!finished) collector.timeout(timeoutMs);
      }
    }
  } catch (error) {
    if (!(error instanceof Interrupted)) throw error;
    collector.timeout(timeoutMs);
  } finally {
    leaked = interrupted || !free(uncaught, checkRejections, ctx, runtime);
  }
  return { result: collector.result(), leaked };
}

/**
 * Frees a run's handles, context and runtime; false when QuickJS aborted instead (an assertion
 * on objects still alive), after which nothing in this module may be called again.
 */
function free(...disposables: Array<{ dispose(): void }>): boolean {
  try {
    for (const disposable of disposables) disposable.dispose();
    return true;
  } catch {
    return false;
  }
}

function installHost(ctx: QuickJSContext, collector: RunCollector) {
  const host = ctx.newObject();
  const method = (name: string, fn: (value: unknown) => void) => {
    ctx
      .newFunction(name, (arg) => fn(JSON.parse(ctx.getString(arg))))
      .consume((f) => ctx.setProp(host, `${name}Json`, f));
  };
  method("console", (entry) => collector.addConsole(entry as never));
  method("test", (test) => collector.addTest(test as never));
  method("error", (error) => collector.setError(error as never));
  const adapt = ctx.evalCode(
    "(h) => { for (const k of ['console','test','error']) h[k] = (v) => h[k + 'Json'](JSON.stringify(v)); return h; }",
    "harness.js",
  );
  const adapter = ctx.unwrapResult(adapt);
  ctx.unwrapResult(ctx.callFunction(adapter, ctx.undefined, host)).dispose();
  adapter.dispose();
  ctx.setProp(ctx.global, "__lumenHost", host);
  host.dispose();
}

function evalOrThrow(ctx: QuickJSContext, code: string, file: string) {
  const result = ctx.evalCode(code, file);
  if (result.error) {
    const text = describe(ctx, result.error);
    result.error.dispose();
    throw new Error(`Sandbox setup failed: ${text}`);
  }
  result.value.dispose();
}

/** Reads an error's name and message without dumping it whole (a stack can be megabytes). */
function describe(ctx: QuickJSContext, error: QuickJSHandle): string {
  const read = (key: string) => ctx.getProp(error, key).consume((h) => ctx.dump(h));
  const name = read("name");
  const message = read("message");
  return name === undefined && message === undefined
    ? String(ctx.dump(error))
    : `${name ?? "Error"}: ${message ?? ""}`;
}

function reportUncaught(ctx: QuickJSContext, uncaught: QuickJSHandle, error: QuickJSHandle) {
  const call = ctx.callFunction(uncaught, ctx.undefined, error);
  if (call.error) call.error.dispose();
  else call.value.dispose();
}
