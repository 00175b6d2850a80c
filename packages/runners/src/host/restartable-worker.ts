/**
 * Host side of a runtime worker (Web Worker or worker_threads), shared by the Python and SQL
 * runners: starts the worker once and keeps it warm, runs one job at a time, stops a job at its
 * time limit (interrupt first where the runtime has one, then terminate) and starts a fresh worker
 * after a kill or a crash, so a learner's endless loop never costs more than one run.
 */
import type { ConsoleEntry } from "@lumen/contracts";
import { z } from "zod";

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
  z.object({ type: z.literal("ready") }),
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
  timeoutMs: number;
  onConsole(entry: ConsoleEntry): void;
  /** Asked when the worker needs a line of input (Python in the browser with Atomics). */
  onInput?(prompt: string): Promise<string>;
  signal?: AbortSignal;
}

/**
 * How long, in all, one job's clock may stand still while the runtime loads (Python loading a
 * module of its library for the first time). Learner code can ask for the pause too; past this
 * the clock runs whatever the worker says, so an endless loop is still stopped.
 */
export const LOADING_ALLOWANCE_MS = 10_000;

export interface RestartableWorkerOptions {
  create(): WorkerPort;
  /** Shared Int32Array the worker watches for interrupts (Pyodide); absent: terminate only. */
  interrupt?: Int32Array;
  /** How long an interrupted job may take to stop before the worker is terminated. */
  graceMs?: number;
  /** Answers an input request; receives the answer to pass back to the worker. */
  answerInput?(port: WorkerPort, answer: string): void;
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
        /** The time limit stops while the learner types an answer. */
        pause(): void;
        resume(): void;
        /** The time limit stops while the runtime loads, within LOADING_ALLOWANCE_MS. */
        loading(active: boolean): void;
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
          markReady();
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
          if (current?.id === message.id) current.loading(!message.running);
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

  private answer(
    live: Live,
    job: { options: JobOptions; pause(): void; resume(): void },
    prompt: string,
  ): void {
    const ask = job.options.onInput ?? (async () => "");
    job.pause();
    ask(prompt)
      .catch(() => "")
      .then((answer) => {
        if (this.live !== live) return;
        job.resume();
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
      let loadingEnd: ReturnType<typeof setTimeout> | undefined;
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
      // The clock counts the job from here, when the warm worker takes it; it stands still while
      // the learner types an answer and while the runtime loads (`holds` counts the reasons).
      let timedOut = false;
      let remaining = options.timeoutMs;
      let armedAt = 0;
      let limit: ReturnType<typeof setTimeout> | undefined;
      let holds = 0;
      const arm = () => {
        armedAt = performance.now();
        limit = setTimeout(() => {
          timedOut = true;
          stop();
        }, remaining);
      };
      const pause = () => {
        if (holds++ > 0) return;
        clearTimeout(limit);
        remaining = Math.max(0, remaining - (performance.now() - armedAt));
      };
      const resume = () => {
        if (holds === 0 || --holds > 0) return;
        arm();
      };
      let allowance = LOADING_ALLOWANCE_MS;
      let loadingSince: number | undefined;
      const loading = (active: boolean) => {
        if (active && loadingSince === undefined && allowance > 0) {
          loadingSince = performance.now();
          pause();
          loadingEnd = setTimeout(() => loading(false), allowance);
        } else if (!active && loadingSince !== undefined) {
          clearTimeout(loadingEnd);
          allowance -= performance.now() - loadingSince;
          loadingSince = undefined;
          resume();
        }
      };
      arm();
      const onAbort = () => stop();
      options.signal?.addEventListener("abort", onAbort, { once: true });
      const finish = (end: JobEnd<T>) => {
        if (this.current?.id !== id) return;
        this.current = undefined;
        clearTimeout(limit);
        clearTimeout(loadingEnd);
        if (grace) clearTimeout(grace);
        options.signal?.removeEventListener("abort", onAbort);
        resolve(timedOut && end.kind === "done" ? { kind: "timeout" } : end);
        // Keep one runtime warm for the next run.
        if (!this.live) this.warm().catch(() => undefined);
      };
      this.current = { id, options, finish, pause, resume, loading };
      live.port.post({ type: "run", id, job });
    });
  }
}
