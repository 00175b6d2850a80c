import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type JobEnd,
  LOADING_ALLOWANCE_MS,
  RestartableWorker,
  type WorkerPort,
} from "./restartable-worker.ts";

/** A worker that answers only what a test sends it. */
class FakePort implements WorkerPort {
  readonly jobs: number[] = [];
  terminated = false;
  private readonly listeners: Array<(message: unknown) => void> = [];

  post(message: unknown) {
    const { type, id } = message as { type: string; id: number };
    if (type === "run") this.jobs.push(id);
  }
  onMessage(listener: (message: unknown) => void) {
    this.listeners.push(listener);
  }
  onFailure() {}
  terminate() {
    this.terminated = true;
  }
  send(message: unknown) {
    for (const listener of this.listeners) listener(message);
  }
}

const OUTCOME = { tests: [], cut: false, interrupted: false };

describe("the time limit of a restartable worker's job", () => {
  let ports: FakePort[];
  let worker: RestartableWorker<unknown>;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "Date"] });
    ports = [];
    worker = new RestartableWorker({
      create: () => {
        const port = new FakePort();
        ports.push(port);
        queueMicrotask(() => port.send({ type: "ready" }));
        return port;
      },
    });
  });

  afterEach(() => {
    worker.dispose();
    vi.useRealTimers();
  });

  /** Starts a job with a 1 s limit; resolves once the worker has it. */
  async function start() {
    let end: JobEnd<unknown> | undefined;
    void worker.run({}, { timeoutMs: 1_000, onConsole: () => {} }).then((e) => {
      end = e;
    });
    await vi.advanceTimersByTimeAsync(0);
    const port = ports[0]!;
    return { port, id: port.jobs[0]!, end: () => end };
  }

  it("stops a job at the limit", async () => {
    const job = await start();
    await vi.advanceTimersByTimeAsync(999);
    expect(job.end()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(job.end()).toEqual({ kind: "timeout" });
    expect(job.port.terminated).toBe(true);
  });

  it("does not count the time the runtime spends loading", async () => {
    const job = await start();
    await vi.advanceTimersByTimeAsync(600);
    job.port.send({ type: "clock", id: job.id, running: false });
    await vi.advanceTimersByTimeAsync(5_000);
    job.port.send({ type: "clock", id: job.id, running: true });
    await vi.advanceTimersByTimeAsync(399);
    job.port.send({ type: "done", id: job.id, outcome: OUTCOME });
    await vi.advanceTimersByTimeAsync(0);
    expect(job.end()).toEqual({ kind: "done", outcome: OUTCOME });
  });

  it("counts the time before and after a pause", async () => {
    const job = await start();
    await vi.advanceTimersByTimeAsync(600);
    job.port.send({ type: "clock", id: job.id, running: false });
    await vi.advanceTimersByTimeAsync(100);
    job.port.send({ type: "clock", id: job.id, running: true });
    await vi.advanceTimersByTimeAsync(400);
    expect(job.end()).toEqual({ kind: "timeout" });
  });

  it("still stops a job whose clock stays paused, once the loading allowance is spent", async () => {
    const job = await start();
    job.port.send({ type: "clock", id: job.id, running: false });
    await vi.advanceTimersByTimeAsync(LOADING_ALLOWANCE_MS + 999);
    expect(job.end()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(job.end()).toEqual({ kind: "timeout" });
  });

  it("ignores clock messages of another job", async () => {
    const job = await start();
    job.port.send({ type: "clock", id: job.id + 1, running: false });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.end()).toEqual({ kind: "timeout" });
  });
});
