/**
 * A warm Node worker thread that runs one request at a time, with a watchdog: if the thread does
 * not answer in time (a sandbox that ignores its own clock, a crash), it is terminated and a new
 * one started, so untrusted code can never hang the server's event loop. A thread may also answer
 * and ask to retire (`retire: true`, its sandbox could not be cleaned up): it is terminated and a
 * fresh one started at once, so the next run finds a warm thread. The Node side of the JavaScript
 * and page runners.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { starvedRemainingMs } from "./cpu-time.ts";

export interface WarmThreadOptions {
  url: URL;
  /** V8 limits for the thread: a hard cap under the sandbox's own limits. */
  resourceLimits?: { maxOldGenerationSizeMb?: number; stackSizeMb?: number };
  /** Made before each thread starts and handed to it as workerData (the bundles it needs). */
  workerData?: () => Promise<unknown>;
  /** The process's CPU time in ms: the watchdog waits longer for a starved thread (cpu-time.ts). */
  cpuMs?: () => number;
}

type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; reason: "timeout" | "crashed"; detail: string };

interface Pending {
  resolve(outcome: Outcome<unknown>): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Our thread entries are TypeScript; the thread registers tsx (as the server runs) and then
 * imports the entry. A flag such as `--import tsx` is not honoured by worker threads on Node 20.
 */
function bootstrapFor(url: URL): string {
  // require.resolve picks tsx's CommonJS build; the thread needs its ESM API beside it.
  const cjs = createRequire(import.meta.url).resolve("tsx/esm/api");
  const api = pathToFileURL(cjs.replace(/index\.cjs$/, "index.mjs")).href;
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
}

export class WarmThread<Request, Response> {
  private worker?: Worker;
  private ready?: Promise<void>;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;

  constructor(private readonly options: WarmThreadOptions) {}

  start(): Promise<void> {
    if (this.ready) return this.ready;
    this.ready = (this.options.workerData?.() ?? Promise.resolve(undefined)).then((workerData) =>
      this.spawn(workerData),
    );
    this.ready.catch(() => {});
    return this.ready;
  }

  private spawn(workerData: unknown): Promise<void> {
    const worker = new Worker(bootstrapFor(this.options.url), {
      eval: true,
      workerData,
      resourceLimits: this.options.resourceLimits,
    });
    this.worker = worker;
    // The thread must not keep the process alive when it is idle.
    worker.unref();
    return new Promise<void>((resolve, reject) => {
      const onMessage = (message: {
        id: number;
        value?: unknown;
        ready?: boolean;
        retire?: boolean;
      }) => {
        if (message.ready) return resolve();
        const pending = this.pending.get(message.id);
        if (!pending) return;
        this.pending.delete(message.id);
        clearTimeout(pending.timer);
        // Replaced before the answer is handed on, so that the next run never reaches this thread.
        if (message.retire) this.replace(worker);
        pending.resolve({ ok: true, value: message.value });
      };
      worker.on("message", onMessage);
      worker.once("error", (error) => {
        reject(error);
        this.fail(worker, "crashed", error.message);
      });
      worker.once("exit", (code) => {
        reject(new Error(`The runner thread exited with code ${code}`));
        this.fail(worker, "crashed", `exit code ${code}`);
      });
    });
  }

  /** Runs one request; resolves with a failure outcome if the thread is killed or dies. */
  run(request: Request, hardTimeoutMs: number): Promise<Outcome<Response>> {
    const job = this.queue.then(() => this.runNow(request, hardTimeoutMs));
    this.queue = job.catch(() => {});
    return job;
  }

  private async runNow(request: Request, hardTimeoutMs: number): Promise<Outcome<Response>> {
    this.disposed = false;
    try {
      await this.start();
    } catch (error) {
      this.reset();
      return { ok: false, reason: "crashed", detail: String(error) };
    }
    const worker = this.worker!;
    const id = this.nextId++;
    const { cpuMs } = this.options;
    const startedAt = performance.now();
    const cpuAtStart = cpuMs?.() ?? 0;
    return new Promise<Outcome<Response>>((resolve) => {
      const arm = (ms: number): ReturnType<typeof setTimeout> =>
        setTimeout(() => {
          const pending = this.pending.get(id);
          if (!pending) return;
          const more = starvedRemainingMs({
            limitMs: hardTimeoutMs,
            wallMs: performance.now() - startedAt,
            cpuMs: cpuMs ? cpuMs() - cpuAtStart : undefined,
          });
          if (more > 0) {
            pending.timer = arm(more);
            return;
          }
          this.pending.delete(id);
          resolve({ ok: false, reason: "timeout", detail: "the thread did not answer in time" });
          void this.restart(worker);
        }, ms);
      this.pending.set(id, { resolve: resolve as Pending["resolve"], timer: arm(hardTimeoutMs) });
      worker.postMessage({ id, request });
    });
  }

  private fail(worker: Worker, reason: "crashed", detail: string) {
    if (this.worker !== worker) return;
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.resolve({ ok: false, reason, detail });
      this.pending.delete(id);
    }
    this.reset();
  }

  private reset() {
    this.worker = undefined;
    this.ready = undefined;
  }

  private async restart(worker: Worker) {
    if (this.worker === worker) this.reset();
    await worker.terminate();
  }

  /** Terminates a thread that asked to retire and starts its successor now (unless disposed). */
  private replace(worker: Worker) {
    if (this.worker !== worker) return;
    this.reset();
    void worker.terminate();
    if (!this.disposed) this.start().catch(() => {});
  }

  async dispose(): Promise<void> {
    const worker = this.worker;
    this.disposed = true;
    this.reset();
    if (worker) await worker.terminate();
  }
}
