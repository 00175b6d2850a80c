/**
 * Host side of a runtime worker (Web Worker or worker_threads), shared by the Python and SQL
 * runners: starts the worker once and keeps it warm, runs one job at a time, stops a job at its
 * time limit (interrupt first where the runtime has one, then terminate) and starts a fresh worker
 * after a kill or a crash, so a learner's endless loop never costs more than one run. A job's
 * clock starts when the worker says the learner's code has started (ADR 0023).
 */
import type { ConsoleEntry } from "@lumen/contracts";
import { z } from "zod";
import { JobClock } from "./job-clock.ts";
import { deviceSpeed, effectiveLimitMs, type SpeedGauge, START_LIMIT_MS } from "./time-limit.ts";

export { LOADING_ALLOWANCE_MS } from "./job-clock.ts";

/** What a worker can do; adapters wrap worker_threads and Web Workers in this shape. */
export interface WorkerPort {
  post(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  /** The worker died or failed to start. */
  onFailure(listener: (reason: string) => void): void;
  terminate(): void;
}

const consoleEntriesSchema = z.array(
  z.object({ stream: z.enum(["stdout", "stderr", "info"]), text: z.string() }),
);

/** Every message a runtime worker sends its host (zod-checked at the boundary). */
export const workerMessageSchema = z.discriminatedUnion("type", [
  /** Browser workers add the speed probe's figure (host/speed-probe.ts). */
  z.object({ type: z.literal("ready"), probeMs: z.number().optional() }),
  /** The learner's code starts now: the job's clock starts here. */
  z.object({ type: z.literal("started"), id: z.number() }),
  z.object({ type: z.literal("console"), id: z.number(), entries: consoleEntriesSchema }),
  z.object({ type: z.literal("done"), id: z.number(), outcome: z.unknown() }),
  z.object({ type: z.literal("crashed"), id: z.number().optional(), message: z.string() }),
  z.object({ type: z.literal("input"), id: z.number(), prompt: z.string() }),
  /** The runtime is loading (running: false) or back to the learner's code (Python's imports). */
  z.object({ type: z.literal("clock"), id: z.number(), running: z.boolean() }),
]);
export type WorkerMessage = z.infer<typeof workerMessageSchema>;

export type JobEnd<T> =
  | { kind: "done"; outcome: T }
  | { kind: "timeout" }
  | { kind: "crashed"; message: string };

export interface JobOptions {
  /** The learner's limit; browser workers stretch it on a slow device (time-limit.ts). */
  timeoutMs: number;
  /** Told when the worker says the learner's code has started (a run's duration counts from it). */
  onStarted?(): void;
  onConsole(entry: ConsoleEntry): void;
  /** Asked when the worker needs a line of input (Python in the browser with Atomics). */
  onInput?(prompt: string): Promise<string>;
  signal?: AbortSignal;
}

export interface RestartableWorkerOptions {
  create(): WorkerPort;
  /** Shared Int32Array the worker watches for interrupts (Pyodide); absent: terminate only. */
  interrupt?: Int32Array;
  /** How long an interrupted job may take to stop before the worker is terminated. */
  graceMs?: number;
  /** Answers an input request; receives the answer to pass back to the worker. */
  answerInput?(port: WorkerPort, answer: string): void;
  /** Where the workers' probe figures go and the stretch comes from (tests give their own). */
  speed?: SpeedGauge;
  /** The process's CPU time in ms, on Node: a starved run's limit goes on (cpu-time.ts). */
  cpuMs?: () => number;
}

interface Live {
  port: WorkerPort;
  ready: Promise<void>;
}

export class RestartableWorker<T> {
  private live: Live | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private current:
    | {
        id: number;
        options: JobOptions;
        finish(end: JobEnd<T>): void;
        /** The learner's code has started: the clock starts. */
        started(): void;
        clock: JobClock;
      }
    | undefined;

  constructor(private readonly options: RestartableWorkerOptions) {}

  /** Starts the worker if none is running; resolves when it can take a job. */
  warm(): Promise<void> {
    return this.ensure().ready;
  }

  /** Runs one job; jobs wait their turn, since a runtime runs one program at a time. */
  run(job: unknown, options: JobOptions): Promise<JobEnd<T>> {
    const result = this.queue.then(() => this.runNow(job, options));
    this.queue = result.catch(() => undefined);
    return result;
  }

  dispose(): void {
    this.live?.port.terminate();
    this.live = undefined;
  }

  private ensure(): Live {
    if (this.live) return this.live;
    const port = this.options.create();
    let markReady: () => void = () => undefined;
    let markFailed: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    // Nobody may be waiting yet (preload), so an unhandled rejection must not escape.
    ready.catch(() => undefined);
    const live: Live = { port, ready };
    port.onMessage((raw) => {
      const parsed = workerMessageSchema.safeParse(raw);
      if (!parsed.success) return;
      const message = parsed.data;
      const current = this.current;
      switch (message.type) {
        case "ready":
          (this.options.speed ?? deviceSpeed).record(message.probeMs);
          markReady();
          return;
        case "started":
          if (current?.id === message.id) current.started();
          return;
        case "console":
          if (current?.id === message.id) {
            for (const entry of message.entries) current.options.onConsole(entry);
          }
          return;
        case "done":
          if (current?.id === message.id)
            current.finish({ kind: "done", outcome: message.outcome as T });
          return;
        case "input":
          if (current?.id === message.id) this.answer(live, current, message.prompt);
          return;
        case "clock":
          if (current?.id === message.id) current.clock.loading(!message.running);
          return;
        case "crashed":
          markFailed(new Error(message.message));
          this.kill(live);
          current?.finish({ kind: "crashed", message: message.message });
          return;
      }
    });
    port.onFailure((reason) => {
      markFailed(new Error(reason));
      if (this.live !== live) return;
      this.live = undefined;
      this.current?.finish({ kind: "crashed", message: reason });
    });
    this.live = live;
    return live;
  }

  private answer(live: Live, job: { options: JobOptions; clock: JobClock }, prompt: string): void {
    const ask = job.options.onInput ?? (async () => "");
    // The time limit stops while the learner types an answer.
    job.clock.hold();
    ask(prompt)
      .catch(() => "")
      .then((answer) => {
        if (this.live !== live) return;
        job.clock.release();
        this.options.answerInput?.(live.port, answer);
      });
  }

  private kill(live: Live): void {
    live.port.terminate();
    if (this.live === live) this.live = undefined;
  }

  private async runNow(job: unknown, options: JobOptions): Promise<JobEnd<T>> {
    const live = this.ensure();
    try {
      await live.ready;
    } catch (error) {
      this.kill(live);
      return { kind: "crashed", message: error instanceof Error ? error.message : String(error) };
    }
    const id = this.nextId++;
    const interrupt = this.options.interrupt;
    if (interrupt) Atomics.store(interrupt, 0, 0);
    return new Promise<JobEnd<T>>((resolve) => {
      let grace: ReturnType<typeof setTimeout> | undefined;
      const stop = () => {
        if (interrupt) {
          // SIGINT: Pyodide raises KeyboardInterrupt, and the warm runtime survives.
          Atomics.store(interrupt, 0, 2);
          grace = setTimeout(() => {
            this.kill(live);
            finish({ kind: "timeout" });
          }, this.options.graceMs ?? 500);
        } else {
          this.kill(live);
          finish({ kind: "timeout" });
        }
      };
      // The clock counts from the worker's "started", not from here: receiving the job, loading
      // the seed and a busy machine's delays before the learner's code are not the learner's.
      const clock = new JobClock(stop, this.options.cpuMs);
      const notStarted = setTimeout(() => {
        this.kill(live);
        finish({
          kind: "crashed",
          message: `the runtime did not start the program within ${START_LIMIT_MS / 1000} s`,
        });
      }, START_LIMIT_MS);
      let hasStarted = false;
      const started = () => {
        if (hasStarted) return;
        hasStarted = true;
        clearTimeout(notStarted);
        const stretch = (this.options.speed ?? deviceSpeed).stretch();
        clock.start(effectiveLimitMs(options.timeoutMs, stretch));
        options.onStarted?.();
      };
      const onAbort = () => stop();
      options.signal?.addEventListener("abort", onAbort, { once: true });
      const finish = (end: JobEnd<T>) => {
        if (this.current?.id !== id) return;
        this.current = undefined;
        clock.clear();
        clearTimeout(notStarted);
        if (grace) clearTimeout(grace);
        options.signal?.removeEventListener("abort", onAbort);
        resolve(clock.expired && end.kind === "done" ? { kind: "timeout" } : end);
        // Keep one runtime warm for the next run.
        if (!this.live) this.warm().catch(() => undefined);
      };
      this.current = { id, options, finish, clock, started };
      live.port.post({ type: "run", id, job });
    });
  }
}
