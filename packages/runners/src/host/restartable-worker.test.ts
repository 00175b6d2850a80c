import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type JobEnd,
  LOADING_ALLOWANCE_MS,
  RestartableWorker,
  type WorkerPort,
} from "./restartable-worker.ts";
import { PROBE_REFERENCE_MS, SpeedGauge, START_LIMIT_MS } from "./time-limit.ts";

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
  /** What the next worker's "ready" says the speed probe took (undefined: as in Node, none). */
  let probeMs: number | undefined;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "Date"] });
    ports = [];
    probeMs = undefined;
    worker = new RestartableWorker({
      create: () => {
        const port = new FakePort();
        ports.push(port);
        queueMicrotask(() => port.send({ type: "ready", probeMs }));
        return port;
      },
      speed: new SpeedGauge(),
    });
  });

  afterEach(() => {
    worker.dispose();
    vi.useRealTimers();
  });

  /** Hands a job with a 1 s limit to the worker; resolves once the worker has it. */
  async function handOver() {
    let end: JobEnd<unknown> | undefined;
    void worker.run({}, { timeoutMs: 1_000, onConsole: () => {} }).then((e) => {
      end = e;
    });
    await vi.advanceTimersByTimeAsync(0);
    const port = ports[0]!;
    return { port, id: port.jobs[0]!, end: () => end };
  }

  /** A job whose learner code the worker has just said it started. */
  async function start() {
    const job = await handOver();
    job.port.send({ type: "started", id: job.id });
    return job;
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

  it("counts from the worker's start of the learner's code, not from handing the job over", async () => {
    const job = await handOver();
    // A busy machine: the worker takes 3 s to get to the learner's code.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(job.end()).toBeUndefined();
    job.port.send({ type: "started", id: job.id });
    await vi.advanceTimersByTimeAsync(999);
    expect(job.end()).toBeUndefined();
    job.port.send({ type: "done", id: job.id, outcome: OUTCOME });
    await vi.advanceTimersByTimeAsync(0);
    expect(job.end()).toEqual({ kind: "done", outcome: OUTCOME });
  });

  it("counts from the first start only", async () => {
    const job = await start();
    await vi.advanceTimersByTimeAsync(900);
    job.port.send({ type: "started", id: job.id });
    await vi.advanceTimersByTimeAsync(100);
    expect(job.end()).toEqual({ kind: "timeout" });
  });

  it("fails a job whose learner code never starts as the runtime's fault, not a timeout", async () => {
    const job = await handOver();
    await vi.advanceTimersByTimeAsync(START_LIMIT_MS - 1);
    expect(job.end()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(job.end()).toMatchObject({ kind: "crashed" });
    expect(job.port.terminated).toBe(true);
  });

  it("stretches the limit for a worker that measured a slow device", async () => {
    probeMs = PROBE_REFERENCE_MS * 2;
    const job = await start();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(job.end()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(job.end()).toEqual({ kind: "timeout" });
  });

  it("stops an endless loop within 2.5 s however slow the device measured", async () => {
    probeMs = PROBE_REFERENCE_MS * 10;
    const job = await start();
    await vi.advanceTimersByTimeAsync(2_499);
    expect(job.end()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(job.end()).toEqual({ kind: "timeout" });
  });
});
