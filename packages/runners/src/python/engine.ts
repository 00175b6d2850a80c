/**
 * The Python runtime inside a worker, shared by the browser's Web Worker and Node's worker
 * thread: loads Pyodide under a memory cap (restored from the build's memory snapshot where the
 * host has one, started from scratch otherwise), locks the JavaScript side away from learner
 * code, then runs jobs and streams their console output to the host in batches.
 */
import type { ConsoleEntry } from "@lumen/contracts";
import type { PyodideConfig, PyodideInterface } from "pyodide";
import { capWasmMemory } from "../host/wasm-memory-cap.ts";
import { HARNESS_SOURCE } from "./harness-source.ts";
import { PYTHON_MEMORY_CAP_BYTES, type PythonJob, type PythonOutcome } from "./protocol.ts";
import {
  type PythonDiagnostic,
  pythonDiagnosticsSchema,
  SYNTAX_CHECK_SOURCE,
} from "./syntax-check.ts";
import { WARM_UP_JOB } from "./warm-up.ts";

export interface EngineHost {
  loadPyodide(config: PyodideConfig): Promise<PyodideInterface>;
  indexURL: string;
  post(message: unknown): void;
  /** Shared buffer the host writes 2 (SIGINT) into at the time limit. */
  interrupt?: Int32Array;
  /** Blocks until the learner answers input() (browser, Atomics); null: end of input. */
  readLine?(id: number, prompt: string): string | null;
  /**
   * The interpreter's memory after `prepareInterpreter` (see make-snapshot.ts). When it is
   * missing or fails to restore, Python starts from scratch instead.
   */
  snapshot?: Promise<Uint8Array>;
  /** Told why the snapshot could not be used, before the start from scratch. */
  onSnapshotFailed?(error: unknown): void;
}

export interface PythonEngine {
  /** Restored from the memory snapshot (false: started from scratch). */
  fromSnapshot: boolean;
  run(id: number, job: PythonJob): void;
  /** Compiles a file without running it (syntax-check.ts); undefined when Python could not tell. */
  checkSyntax(source: string, name: string): PythonDiagnostic[] | undefined;
}

// Console batches go out at most this often, so a print loop cannot flood the page.
const FLUSH_MS = 30;
const FLUSH_CHARS = 8_192;

/**
 * The module through which the harness pauses the run's clock while Python loads a module of its
 * own library (harness-source.ts). Learner code can import it too; the host caps the pause.
 */
const CLOCK_MODULE = "_lumen_clock";
/** Clock changes one run may send; past them (a loop calling the module) the clock just runs. */
const MAX_CLOCK_CHANGES = 1_000;

/**
 * Learner code must not reach this worker's globals (process, the network, Pyodide's file
 * systems). Python gets an empty `js` module and no `pyodide_js`; any JavaScript object it still
 * gets hold of cannot compile code, because no constructor leads to Function any more.
 */
function lockDown(py: PyodideInterface): void {
  py.unregisterJsModule("pyodide_js");
  py.runPython(`
import sys
for _name in [n for n in sys.modules if n == "js" or n == "pyodide_js" or n.startswith("pyodide_js.")]:
    del sys.modules[_name]
# Replaced by None, not deleted: the library still reads some of these names (json.encoder's
# _JSNULL, whose default is None, in json.dump), which would stop with a NameError.
for _module in list(sys.modules.values()):
    for _key, _value in list(getattr(_module, "__dict__", {}).items()):
        if not isinstance(_value, type) and type(_value).__module__ == "pyodide.ffi":
            setattr(_module, _key, None)
del _name, _module, _key, _value

# No process of any kind: the OS sandbox is the wall, this is the second one (ADR 0018).
import os, posix, subprocess
def _refuse(*args, **kwargs):
    raise PermissionError("Starting programs is not allowed in lessons.")
for _target in (os, posix):
    for _name in ("system", "popen", "fork", "forkpty", "vfork", "execv", "execve", "execl",
                  "execle", "execlp", "execlpe", "execvp", "execvpe", "spawnl", "spawnle",
                  "spawnlp", "spawnlpe", "spawnv", "spawnve", "spawnvp", "spawnvpe",
                  "posix_spawn", "posix_spawnp", "kill", "killpg", "register_at_fork"):
        if hasattr(_target, _name):
            setattr(_target, _name, _refuse)
class _NoPopen:
    def __init__(self, *args, **kwargs):
        _refuse()
subprocess.Popen = _NoPopen
for _name in ("run", "call", "check_call", "check_output", "getoutput", "getstatusoutput"):
    setattr(subprocess, _name, _refuse)
# C-level ways to the same calls (Emscripten implements them with Node's child_process).
for _name in ("_posixsubprocess", "ctypes", "_ctypes", "ctypes.util", "pty", "multiprocessing"):
    sys.modules[_name] = None
del _target, _name, _refuse, _NoPopen
`);
  const filesystems = (py.FS as unknown as { filesystems?: Record<string, unknown> }).filesystems;
  if (filesystems) {
    for (const name of ["NODEFS", "PROXYFS", "WORKERFS", "IDBFS", "NATIVEFS_ASYNC"]) {
      delete filesystems[name];
    }
  }
  const constructors = [
    Function,
    Object.getPrototypeOf(async () => undefined).constructor,
    Object.getPrototypeOf(function* () {}).constructor,
    Object.getPrototypeOf(async function* () {}).constructor,
  ] as { prototype: object }[];
  for (const ctor of constructors) {
    Object.defineProperty(ctor.prototype, "constructor", { value: undefined });
  }
  const scope = globalThis as Record<string, unknown>;
  for (const name of [
    "eval",
    "fetch",
    "WebSocket",
    "XMLHttpRequest",
    "EventSource",
    "importScripts",
  ]) {
    try {
      delete scope[name];
    } catch {
      scope[name] = undefined;
    }
  }
}

/**
 * Bump when `prepareInterpreter` changes what it leaves in memory: the number is part of the
 * snapshot's file name, so browsers holding an older (immutable) snapshot fetch the new one.
 */
export const SNAPSHOT_REVISION = 1;

/** Where the harness's entry point waits, between `prepareInterpreter` and the engine's start. */
const HARNESS_RUN = "_lumen_harness_run";

export function pyodideConfig(indexURL: string): PyodideConfig {
  return {
    indexURL,
    jsglobals: {},
    env: { HOME: "/home/pyodide" },
    stdout: () => undefined,
    stderr: () => undefined,
  };
}

/**
 * Everything before learner code that lives in the interpreter's memory alone: the harness,
 * loaded and warmed up. The memory snapshot is taken right after this, so it must leave Python
 * holding no new JavaScript object (Pyodide refuses to snapshot those) and no open file.
 */
export function prepareInterpreter(py: PyodideInterface): void {
  const namespace = py.toPy({});
  py.runPython(HARNESS_SOURCE, { globals: namespace });
  const runHarness = namespace.get("run") as ((request: string) => string) & { destroy(): void };
  // The first run pays for compiling the harness's paths; pay it here (and in the snapshot).
  runHarness(
    JSON.stringify({
      files: [{ name: "main.py", content: "pass" }],
      stdin: [],
      inputMode: "empty",
      maxOutputChars: 1,
    }),
  );
  py.globals.set(HARNESS_RUN, runHarness);
  runHarness.destroy();
  namespace.destroy();
}

/** The harness's entry point, taken out of reach of learner code. */
function takeHarness(py: PyodideInterface): (request: string) => string {
  const runHarness: unknown = py.globals.get(HARNESS_RUN);
  if (typeof runHarness !== "function") throw new Error("the interpreter holds no harness");
  py.globals.delete(HARNESS_RUN);
  return runHarness as (request: string) => string;
}

async function restoreSnapshot(host: EngineHost): Promise<PyodideInterface | undefined> {
  if (!host.snapshot) return undefined;
  try {
    const snapshot = await host.snapshot;
    return await host.loadPyodide({ ...pyodideConfig(host.indexURL), _loadSnapshot: snapshot });
  } catch (error) {
    host.onSnapshotFailed?.(error);
    return undefined;
  }
}

async function startFromScratch(host: EngineHost): Promise<PyodideInterface> {
  const py = await host.loadPyodide(pyodideConfig(host.indexURL));
  prepareInterpreter(py);
  return py;
}

/** A run the harness must answer with a result: proof that the interpreter works. */
function selfCheck(runHarness: (request: string) => string): void {
  const answer = JSON.parse(
    runHarness(
      JSON.stringify({
        files: [{ name: "main.py", content: "x = 1 + 1" }],
        stdin: [],
        inputMode: "empty",
        maxOutputChars: 1,
      }),
    ),
  ) as Partial<PythonOutcome>;
  if (!Array.isArray(answer.tests) || answer.error) {
    throw new Error(`the interpreter answered ${JSON.stringify(answer)}`);
  }
}

/** The restored interpreter's harness, if it answers as it should. */
function restoredHarness(
  py: PyodideInterface,
  host: EngineHost,
): ((request: string) => string) | undefined {
  try {
    // Every restore starts with the snapshot's random state: without this, each page load's
    // first "guess the number" would pick the same number.
    py.runPython("import random\nrandom.seed()");
    const runHarness = takeHarness(py);
    selfCheck(runHarness);
    return runHarness;
  } catch (error) {
    host.onSnapshotFailed?.(error);
    return undefined;
  }
}

export async function startPythonEngine(host: EngineHost): Promise<PythonEngine> {
  capWasmMemory(PYTHON_MEMORY_CAP_BYTES);
  let py = await restoreSnapshot(host);
  let runHarness = py && restoredHarness(py, host);
  const fromSnapshot = runHarness !== undefined;
  if (!py || !runHarness) {
    py = await startFromScratch(host);
    runHarness = takeHarness(py);
  }
  // Paid here, before "ready", rather than by the learner's first run (warm-up.ts).
  runHarness(WARM_UP_JOB);

  let currentId = 0;
  let pending: ConsoleEntry | undefined;
  let lastFlush = 0;
  // The unfinished last line of stdout: the prompt input() shows.
  let lineTail = "";
  const flush = () => {
    if (pending) host.post({ type: "console", id: currentId, entries: [pending] });
    pending = undefined;
    lastFlush = performance.now();
  };
  const emit = (stream: "stdout" | "stderr", text: string) => {
    if (!text) return;
    if (stream === "stdout") {
      const nl = text.lastIndexOf("\n");
      lineTail = nl === -1 ? lineTail + text : text.slice(nl + 1);
    }
    if (pending && pending.stream !== stream) flush();
    pending = pending ? { stream, text: pending.text + text } : { stream, text };
    if (pending.text.length >= FLUSH_CHARS || performance.now() - lastFlush >= FLUSH_MS) flush();
  };
  const writer = (stream: "stdout" | "stderr") => {
    const decoder = new TextDecoder();
    return {
      isatty: false,
      write(buffer: Uint8Array) {
        emit(stream, decoder.decode(buffer, { stream: true }));
        return buffer.length;
      },
    };
  };
  py.setStdout(writer("stdout"));
  py.setStderr(writer("stderr"));
  py.setStdin({
    stdin: () => {
      flush();
      const line = host.readLine?.(currentId, lineTail) ?? null;
      lineTail = "";
      return line === null ? null : `${line}\n`;
    },
    isatty: false,
  });
  if (host.interrupt) py.setInterruptBuffer(host.interrupt);
  const syntaxNamespace = py.toPy({});
  py.runPython(SYNTAX_CHECK_SOURCE, { globals: syntaxNamespace });
  const compileCheck = syntaxNamespace.get("check") as (source: string, name: string) => string;
  // Last: it takes fetch and Function away from this worker, which a start from scratch needs.
  lockDown(py);
  let clockRunning = true;
  let clockChanges = 0;
  const setClock = (running: boolean) => {
    if (running === clockRunning || clockChanges >= MAX_CLOCK_CHANGES) return;
    clockRunning = running;
    clockChanges++;
    // Output printed so far belongs before the pause, in order.
    flush();
    host.post({ type: "clock", id: currentId, running });
  };
  py.registerJsModule(CLOCK_MODULE, {
    pause: () => setClock(false),
    resume: () => setClock(true),
  });
  // Imported once here, so the harness finds it in sys.modules without importing anything.
  py.pyimport(CLOCK_MODULE);

  return {
    fromSnapshot,
    run(id, job) {
      currentId = id;
      lineTail = "";
      clockRunning = true;
      clockChanges = 0;
      // A run's first output goes out at once: a program that prints and then loops forever
      // still shows that line when its worker is terminated at the time limit.
      lastFlush = Number.NEGATIVE_INFINITY;
      // The host's clock of the run starts here, when the learner's code is about to.
      host.post({ type: "started", id });
      let outcome: PythonOutcome;
      try {
        outcome = JSON.parse(runHarness(JSON.stringify(job))) as PythonOutcome;
      } catch (error) {
        // Only a broken interpreter gets here (the harness catches every Python error).
        flush();
        const message = error instanceof Error ? error.message : String(error);
        host.post({ type: "crashed", id, message });
        return;
      }
      flush();
      host.post({ type: "done", id, outcome });
    },
    checkSyntax(source, name) {
      try {
        const parsed = pythonDiagnosticsSchema.safeParse(JSON.parse(compileCheck(source, name)));
        return parsed.success ? parsed.data : undefined;
      } catch {
        // A KeyboardInterrupt left over from a stopped run, or a broken interpreter: no verdict.
        return undefined;
      }
    },
  };
}
