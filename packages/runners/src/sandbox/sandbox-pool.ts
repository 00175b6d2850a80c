/**
 * The server's runners for code posted by users: a warm pool of sandboxed processes (ADR 0018).
 * Each slot runs one request at a time in a process of its own; requests wait in order for a
 * free slot (fair shares between learners are the server's check scheduler's job). A run that
 * ends badly costs its process, never the server: the slot starts a fresh one at once.
 */
import type { RunRequest, RunResult } from "@lumen/contracts";
import { runRequestSchema } from "@lumen/contracts";
import { LIMITS, type RunnerFamily, runnerFamily } from "../types.ts";
import type { SandboxCommand } from "./sandbox-command.ts";
import { SandboxProcess } from "./sandbox-process.ts";

export interface SandboxPoolOptions {
  /** Processes kept warm: each runs one request at a time. */
  size: number;
  /** The command that starts the process of slot `index`. */
  command(index: number): SandboxCommand;
  /** Families each process loads before its first run. */
  preload?: RunnerFamily[];
  /** A process is replaced after this many runs, so that nothing lingers for long. */
  maxRunsPerProcess?: number;
  /**
   * Room beyond a run's own limit before the watchdog ends the process: the runtime's own clock
   * reports a timeout first; this catches what ignores it, and a runtime still loading.
   */
  graceMs?: number;
  onLog?(line: string): void;
}

export interface SandboxPool {
  run(request: RunRequest): Promise<RunResult>;
  preload(families?: RunnerFamily[]): Promise<void>;
  dispose(): Promise<void>;
  /** Slots busy and requests waiting, for /healthz and the scheduler. */
  stats(): { size: number; busy: number; waiting: number };
}

function failure(reason: "timeout" | "crashed", timeoutMs: number): RunResult {
  const message =
    reason === "timeout"
      ? `Your code ran for more than ${timeoutMs / 1000} s and was stopped.`
      : "The sandbox stopped unexpectedly (the code may have used too much memory or output).";
  return {
    status: reason === "timeout" ? "timeout" : "error",
    durationMs: reason === "timeout" ? timeoutMs : 0,
    console: [{ stream: "stderr", text: message }],
    tests: [],
    ...(reason === "crashed" ? { error: { message } } : {}),
  };
}

export function createSandboxPool(options: SandboxPoolOptions): SandboxPool {
  const maxRuns = options.maxRunsPerProcess ?? 500;
  const graceMs = options.graceMs ?? 20_000;
  const slots: Array<{ process: SandboxProcess; busy: boolean }> = [];
  const waiting: Array<(slot: number) => void> = [];
  let disposed = false;

  const start = (index: number) => {
    const process = new SandboxProcess(options.command(index), options.onLog);
    if (options.preload?.length) {
      process.ready.then(
        () => process.preload(options.preload ?? [], 120_000).catch(() => undefined),
        () => undefined,
      );
    }
    return process;
  };
  for (let i = 0; i < options.size; i++) slots.push({ process: start(i), busy: false });

  const acquire = () =>
    new Promise<number>((resolve) => {
      const free = slots.findIndex((s) => !s.busy);
      if (free >= 0) {
        slots[free]!.busy = true;
        resolve(free);
      } else waiting.push(resolve);
    });

  const release = (index: number) => {
    const slot = slots[index]!;
    if (slot.process.dead || slot.process.runs >= maxRuns) {
      slot.process.kill();
      if (!disposed) slot.process = start(index);
    }
    const next = waiting.shift();
    if (next) next(index);
    else slot.busy = false;
  };

  return {
    async run(raw) {
      const request = runRequestSchema.parse(raw);
      runnerFamily(request.language);
      if (disposed) throw new Error("the sandbox pool is closed");
      const timeoutMs = request.timeoutMs ?? LIMITS.defaultTimeoutMs;
      const index = await acquire();
      try {
        const outcome = await slots[index]!.process.run(request, timeoutMs + graceMs);
        if (outcome.ok) return outcome.result;
        options.onLog?.(`sandbox slot ${index}: ${outcome.reason}: ${outcome.detail}`);
        slots[index]!.process.kill();
        return failure(outcome.reason, timeoutMs);
      } finally {
        release(index);
      }
    },
    async preload(families = options.preload ?? []) {
      await Promise.all(
        slots.map((slot) => slot.process.preload(families, 120_000).catch(() => undefined)),
      );
    },
    async dispose() {
      disposed = true;
      for (const slot of slots) slot.process.kill();
    },
    stats: () => ({
      size: slots.length,
      busy: slots.filter((s) => s.busy).length,
      waiting: waiting.length,
    }),
  };
}
