/**
 * The check harness that runs inside the sandbox realm, next to the learner's code: the console,
 * the helpers of docs/content-format.md (test, assert, assertEqual, get, logs, output, source, and
 * for pages $, $$, text, style, click), a tiny require() for multi-file lessons, and timers.
 * The same code runs in QuickJS (Node), in a Web Worker and inside the page frame, so it imports
 * nothing at runtime except the formatter and talks to its host only through `HarnessHost`.
 */
import type { ConsoleEntry, RunError, TestResult } from "@lumen/contracts";
import { errorText, formatArgs, formatNested } from "./format.ts";
import { evalGlobal } from "./global-eval.ts";

export interface HarnessConfig {
  /** Every learner file name: stacks are trimmed to frames in these. */
  files: string[];
  sources: Record<string, string>;
  entry: string;
  /** script: JavaScript lessons (source is a string); page: HTML/React (source(name), DOM helpers). */
  mode: "script" | "page";
  maxOutputChars: number;
  /** virtual: the host has no timers (QuickJS), so the harness queues them and the host ticks. */
  timers: "virtual" | "real";
}

export interface HarnessHost {
  console(entry: ConsoleEntry): void;
  test(result: TestResult): void;
  error(error: RunError): void;
}

type Stream = ConsoleEntry["stream"];
type Factory = (exports: unknown, require: (name: string) => unknown, module: unknown) => void;

class AssertionFailure extends Error {
  constructor(
    message: string,
    readonly expected?: string,
    readonly actual?: string,
  ) {
    super(message);
    this.name = "AssertionError";
  }
}

function deepEqual(a: unknown, b: unknown, seen = new Map<object, object>()): boolean {
  if (Object.is(a, b) || (a === 0 && b === 0)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  if (a instanceof RegExp) return String(a) === String(b);
  if (a instanceof Map) {
    const other = b as Map<unknown, unknown>;
    if (a.size !== other.size) return false;
    for (const [k, v] of a) if (!other.has(k) || !deepEqual(v, other.get(k), seen)) return false;
    return true;
  }
  if (a instanceof Set) {
    const other = b as Set<unknown>;
    return a.size === other.size && [...a].every((v) => other.has(v));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) =>
      Object.hasOwn(b, k) &&
      deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], seen),
  );
}

const STACK_FRAME = /(?:\(|at )([^()\s]+?):(\d+)(?::(\d+))?\)?\s*$/;

export function createHarness(config: HarnessConfig, host: HarnessHost) {
  const g = globalThis as Record<string, unknown>;
  const files = config.files;
  let written = 0;
  let truncated = false;
  const logs: string[] = [];
  const tests: Array<{ name: string; fn: () => unknown }> = [];
  let groupIndent = "";

  function write(stream: Stream, text: string) {
    if (truncated) return;
    const line = groupIndent ? text.replace(/^/gm, groupIndent) : text;
    if (written + line.length > config.maxOutputChars) {
      truncated = true;
      const room = Math.max(0, config.maxOutputChars - written);
      if (room > 0) host.console({ stream, text: line.slice(0, room) });
      host.console({
        stream: "info",
        text: `Output truncated: your program printed more than ${String(config.maxOutputChars).replace(/\B(?=(\d{3})+(?!\d))/g, ",")} characters.`,
      });
      return;
    }
    written += line.length;
    if (stream === "stdout") logs.push(text);
    host.console({ stream, text: line });
  }

  function locate(error: unknown): Pick<RunError, "file" | "line" | "column"> {
    if (typeof error !== "object" || error === null) return {};
    const e = error as { fileName?: unknown; lineNumber?: unknown; stack?: unknown };
    if (
      typeof e.fileName === "string" &&
      files.includes(e.fileName) &&
      typeof e.lineNumber === "number"
    ) {
      return { file: e.fileName, line: e.lineNumber };
    }
    for (const line of String(e.stack ?? "").split("\n")) {
      const match = STACK_FRAME.exec(line);
      if (match && files.includes(match[1]!)) {
        return {
          file: match[1],
          line: Number(match[2]),
          column: match[3] ? Number(match[3]) : undefined,
        };
      }
    }
    return {};
  }

  function describe(error: unknown): string {
    if (error instanceof Error) {
      // QuickJS says "stack overflow"; say it the way the browser does, for the same code.
      if (error.name === "InternalError" && error.message === "stack overflow") {
        return "RangeError: Maximum call stack size exceeded";
      }
      if (error.name === "InternalError" && error.message === "out of memory") {
        return "RangeError: Out of memory: your program used more memory than a lesson allows.";
      }
      return errorText(error, files);
    }
    return formatNested(error);
  }

  let reported = false;
  /**
   * `where` is the host's own idea of the place (a page's error event has filename and lineno),
   * for errors without a stack: a DOMException thrown by the browser has only its message.
   */
  function uncaught(
    error: unknown,
    inPromise = false,
    where?: Pick<RunError, "file" | "line" | "column">,
  ) {
    const text = describe(error);
    write("stderr", `Uncaught ${inPromise ? "(in promise) " : ""}${text}`);
    if (reported) return;
    reported = true;
    const found = locate(error);
    const place = found.file || !where?.file || !files.includes(where.file) ? found : where;
    host.error({ message: text.split("\n")[0]!, ...place });
  }

  // Console -----------------------------------------------------------------------------------
  const counts = new Map<string, number>();
  const timers = new Map<string, number>();
  const out =
    (stream: Stream) =>
    (...args: unknown[]) =>
      write(stream, formatArgs(args, files));
  const fakeConsole = {
    log: out("stdout"),
    info: out("stdout"),
    debug: out("stdout"),
    dir: (value: unknown) => write("stdout", formatArgs([value], files)),
    table: out("stdout"),
    trace: out("stderr"),
    warn: out("stderr"),
    error: out("stderr"),
    assert: (condition: unknown, ...args: unknown[]) => {
      if (!condition)
        write("stderr", `Assertion failed${args.length ? `: ${formatArgs(args, files)}` : ""}`);
    },
    count: (label = "default") => {
      const n = (counts.get(label) ?? 0) + 1;
      counts.set(label, n);
      write("stdout", `${label}: ${n}`);
    },
    countReset: (label = "default") => counts.delete(label),
    time: (label = "default") => timers.set(label, Date.now()),
    timeLog: (label = "default") =>
      write("stdout", `${label}: ${Date.now() - (timers.get(label) ?? Date.now())} ms`),
    timeEnd: (label = "default") => {
      write("stdout", `${label}: ${Date.now() - (timers.get(label) ?? Date.now())} ms`);
      timers.delete(label);
    },
    group: (...args: unknown[]) => {
      if (args.length) write("stdout", formatArgs(args, files));
      groupIndent += "  ";
    },
    groupCollapsed: (...args: unknown[]) => fakeConsole.group(...args),
    groupEnd: () => {
      groupIndent = groupIndent.slice(2);
    },
    clear: () => {},
  };

  // Modules -----------------------------------------------------------------------------------
  const factories = new Map<string, Factory>();
  const cache = new Map<string, { exports: unknown }>();
  function resolve(name: string): string | undefined {
    const bare = name.replace(/^\.\//, "");
    for (const candidate of [bare, `${bare}.js`, `${bare}.ts`, `${bare}.jsx`, `${bare}.tsx`]) {
      if (factories.has(candidate)) return candidate;
    }
    return undefined;
  }
  function require(name: string): unknown {
    const external = (g.__lumenModules as Record<string, unknown> | undefined)?.[name];
    if (external) return external;
    const file = resolve(name);
    if (!file) throw new Error(`Cannot find module '${name}'`);
    let module = cache.get(file);
    if (!module) {
      module = { exports: {} };
      cache.set(file, module);
      factories.get(file)!(module.exports, require, module);
    }
    return module.exports;
  }

  // Timers (virtual: QuickJS has none) -----------------------------------------------------------
  interface Timer {
    id: number;
    at: number;
    seq: number;
    fn: () => void;
    every?: number;
  }
  const queue: Timer[] = [];
  let nextId = 1;
  let seq = 0;
  let now = 0;
  let pendingReal = 0;
  const realSet = g.setTimeout as ((fn: () => void, ms?: number) => unknown) | undefined;
  const realClear = g.clearTimeout as ((id: unknown) => void) | undefined;
  const realSetInterval = g.setInterval as ((fn: () => void, ms?: number) => unknown) | undefined;
  const realClearInterval = g.clearInterval as ((id: unknown) => void) | undefined;
  const live = new Map<unknown, boolean>();
  const guarded = (fn: unknown, args: unknown[]) => () => {
    try {
      if (typeof fn === "function") fn(...args);
    } catch (error) {
      uncaught(error);
    }
  };

  if (config.timers === "virtual") {
    const add = (fn: unknown, ms: unknown, args: unknown[], every: boolean) => {
      const delay = Math.max(0, Number(ms) || 0);
      const timer: Timer = { id: nextId++, at: now + delay, seq: seq++, fn: guarded(fn, args) };
      if (every) timer.every = Math.max(1, delay);
      queue.push(timer);
      return timer.id;
    };
    const remove = (id: unknown) => {
      const i = queue.findIndex((t) => t.id === id);
      if (i >= 0) queue.splice(i, 1);
    };
    g.setTimeout = (fn: unknown, ms?: unknown, ...args: unknown[]) => add(fn, ms, args, false);
    g.setInterval = (fn: unknown, ms?: unknown, ...args: unknown[]) => add(fn, ms, args, true);
    g.clearTimeout = remove;
    g.clearInterval = remove;
    g.queueMicrotask = (fn: () => void) => {
      Promise.resolve().then(guarded(fn, []));
    };
  } else if (realSet && realClear && realSetInterval && realClearInterval) {
    // Real timers, counted, so the host knows when the learner's code has settled.
    g.setTimeout = (fn: unknown, ms?: number, ...args: unknown[]) => {
      pendingReal++;
      const run = guarded(fn, args);
      const id = realSet(() => {
        if (live.delete(id)) pendingReal--;
        run();
      }, ms);
      live.set(id, true);
      return id;
    };
    g.clearTimeout = (id: unknown) => {
      if (live.delete(id)) pendingReal--;
      realClear(id);
    };
    g.setInterval = (fn: unknown, ms?: number, ...args: unknown[]) => {
      pendingReal++;
      const id = realSetInterval(guarded(fn, args), ms);
      live.set(id, true);
      return id;
    };
    g.clearInterval = (id: unknown) => {
      if (live.delete(id)) pendingReal--;
      realClearInterval(id);
    };
  }

  /** Virtual timers: runs the next due timer; false when none is left. */
  function tick(): boolean {
    if (queue.length === 0) return false;
    queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const timer = queue.shift()!;
    now = timer.at;
    if (timer.every) queue.push({ ...timer, at: now + timer.every, seq: seq++ });
    timer.fn();
    return true;
  }

  /** Real timers: resolves once no learner timer is pending. */
  function idle(): Promise<void> {
    return new Promise((resolvePromise) => {
      const check = () => (pendingReal <= 0 ? resolvePromise() : realSet!(check, 5));
      realSet ? realSet(check, 0) : resolvePromise();
    });
  }

  // Check helpers -----------------------------------------------------------------------------
  function test(name: string, fn: () => unknown) {
    tests.push({ name: String(name), fn });
  }
  function assert(condition: unknown, message?: string): asserts condition {
    if (!condition) throw new AssertionFailure(message ?? "Assertion failed");
  }
  function assertEqual(actual: unknown, expected: unknown, message?: string) {
    if (!deepEqual(actual, expected)) {
      throw new AssertionFailure(
        message ?? `Expected ${formatNested(expected)}, got ${formatNested(actual)}`,
        formatNested(expected),
        formatNested(actual),
      );
    }
  }
  /**
   * Reads the learner's top-level names. A realm that runs the learner's file as a script
   * (QuickJS, a page's <script>) keeps its let/const/class in the global lexical scope, which an
   * indirect eval reads; a realm that evals the file (the Web Worker) sets `lookup` to a function
   * defined inside that eval, which can see them.
   */
  let lookup: (expression: string) => unknown = evalGlobal;
  function get(name: string): unknown {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
    try {
      return lookup(`typeof ${name} === "undefined" ? undefined : ${name}`);
    } catch {
      return undefined;
    }
  }

  async function runTests() {
    for (const { name, fn } of tests) {
      try {
        await fn();
        host.test({ name, status: "passed" });
      } catch (error) {
        const result: TestResult = {
          name,
          status: "failed",
          message:
            error instanceof Error
              ? error.message
              : typeof error === "string"
                ? error
                : formatNested(error),
        };
        if (error instanceof AssertionFailure && error.expected !== undefined) {
          result.expected = error.expected;
          result.actual = error.actual;
        }
        host.test(result);
      }
    }
  }

  // DOM helpers (pages) ---------------------------------------------------------------------------
  const doc = () => g.document as Document;
  const pageHelpers = {
    $: (selector: string) => doc().querySelector(selector),
    $$: (selector: string) => [...doc().querySelectorAll(selector)],
    text: (selector: string) => doc().querySelector(selector)?.textContent?.trim() ?? null,
    style: (selector: string, property: string) => {
      const el = doc().querySelector(selector);
      if (!el) return null;
      const view = (g.getComputedStyle as (e: Element) => CSSStyleDeclaration) ?? null;
      return view(el).getPropertyValue(property);
    },
    click: async (selector: string) => {
      const el = doc().querySelector(selector);
      if (!el) throw new AssertionFailure(`There is no element matching ${selector} to click.`);
      (el as HTMLElement).click();
      // React flushes a click's update in a microtask or a task; let both run.
      await new Promise<void>((r) => (realSet ? realSet(() => r(), 0) : r()));
    },
    source: (name: string) => config.sources[name] ?? null,
  };

  const globals: Record<string, unknown> = {
    console: fakeConsole,
    test,
    assert,
    assertEqual,
    logs,
    require,
    exports: {},
  };
  if (config.mode === "script") {
    globals.get = get;
    globals.source = config.sources[config.entry] ?? "";
  } else {
    Object.assign(globals, pageHelpers);
  }
  for (const [key, value] of Object.entries(globals)) {
    Object.defineProperty(g, key, { value, writable: true, configurable: true, enumerable: false });
  }
  Object.defineProperty(g, "module", {
    value: { exports: g.exports },
    writable: true,
    configurable: true,
  });
  Object.defineProperty(g, "output", { get: () => logs.join("\n"), configurable: true });

  return {
    set lookup(fn: (expression: string) => unknown) {
      lookup = fn;
    },
    define: (file: string, factory: Factory) => factories.set(file, factory),
    require,
    uncaught,
    tick,
    idle,
    runTests,
    describe,
    locate,
    pendingTimers: () => (config.timers === "virtual" ? queue.length : pendingReal),
  };
}

export type Harness = ReturnType<typeof createHarness>;
