import type { RunRequest } from "@lumen/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOT_STARTED_MESSAGE, START_LIMIT_MS } from "../host/time-limit.ts";
import type { LanguageRunner } from "../types.ts";
import { createBrowserJavaScriptRunner, SPARE_WORKERS } from "./browser.ts";

/** A stand-in for the browser's Worker: the test says when it is ready and what it answers. */
class FakeWorker extends EventTarget {
  static all: FakeWorker[] = [];
  readonly programs: unknown[] = [];
  terminated = false;
  /** How many runs were in progress when this worker was created. */
  readonly runningAtStart = running;
  /** Says "started" as it gets a program, as the real worker does (false: the test says it). */
  static startsAtOnce = true;

  constructor() {
    super();
    FakeWorker.all.push(this);
  }
  postMessage(program: unknown) {
    this.programs.push(program);
    if (FakeWorker.startsAtOnce) queueMicrotask(() => this.started());
  }
  started() {
    this.send({ type: "started" });
  }
  terminate() {
    this.terminated = true;
  }
  send(data: unknown) {
    this.dispatchEvent(Object.assign(new Event("message"), { data }));
  }
  ready() {
    this.send({ type: "ready" });
  }
  answer(text: string) {
    this.send({ type: "console", entry: { stream: "stdout", text } });
    this.send({ type: "done" });
  }
}

let running = 0;
const HELLO: RunRequest = {
  language: "javascript",
  files: [{ name: "index.js", content: 'console.log("hi");' }],
};

describe("the JavaScript runner in the browser", () => {
  let runner: LanguageRunner;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.all = [];
    FakeWorker.startsAtOnce = true;
    running = 0;
    runner = createBrowserJavaScriptRunner();
  });

  afterEach(async () => {
    await runner.dispose();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** Lets every spare that was asked for start, one after another, as a browser would. */
  async function startSpares() {
    for (let i = 0; i < SPARE_WORKERS * 2; i++) {
      for (const worker of FakeWorker.all) if (worker.programs.length === 0) worker.ready();
      await vi.advanceTimersByTimeAsync(0);
    }
  }

  async function run(request: RunRequest = HELLO) {
    running++;
    const result = runner.run(request);
    await vi.advanceTimersByTimeAsync(0);
    return {
      result: result.finally(() => running--),
      worker: FakeWorker.all.find((w) => w.programs.length > 0 && !w.terminated),
    };
  }

  it("starts its spares one after another and is ready with the first", async () => {
    const preload = runner.preload();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorker.all).toHaveLength(1);
    FakeWorker.all[0]!.ready();
    await preload;
    await startSpares();
    expect(FakeWorker.all).toHaveLength(SPARE_WORKERS);
  });

  it("gives each run a fresh worker, never used again, and starts none while it runs", async () => {
    void runner.preload();
    await startSpares();
    const before = FakeWorker.all.length;
    const first = await run();
    first.worker!.answer("hi");
    expect((await first.result).console).toEqual([{ stream: "stdout", text: "hi" }]);
    const second = await run();
    expect(second.worker).not.toBe(first.worker);
    second.worker!.answer("hi");
    await second.result;
    expect(first.worker!.terminated).toBe(true);
    expect(second.worker!.terminated).toBe(true);
    expect(first.worker!.programs).toHaveLength(1);
    // Both runs took spares; the spares are started again afterwards, never during a run.
    await startSpares();
    expect(FakeWorker.all.length).toBe(before + 2);
    expect(FakeWorker.all.filter((w) => w.runningAtStart > 0)).toEqual([]);
  });

  it("stops an endless loop at 1 s with the timeout result", async () => {
    void runner.preload();
    await startSpares();
    const loop = await run();
    await vi.advanceTimersByTimeAsync(999);
    expect(loop.worker!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await loop.result;
    expect(result.status).toBe("timeout");
    expect(result.error?.message).toBe(
      "Your code was still running after 1 s and was stopped. Look for a loop that never ends.",
    );
    expect(loop.worker!.terminated).toBe(true);
  });

  it("does not count a worker's start-up against the time limit", async () => {
    // No spare yet: the run starts a worker of its own, which takes 5 s to be ready here.
    const slow = runner.run(HELLO);
    await vi.advanceTimersByTimeAsync(0);
    const worker = FakeWorker.all[0]!;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(worker.programs).toEqual([]);
    worker.ready();
    await vi.advanceTimersByTimeAsync(900);
    worker.answer("late but fine");
    const result = await slow;
    expect(result.status).toBe("passed");
    expect(result.console).toEqual([{ stream: "stdout", text: "late but fine" }]);
  });

  it("keeps a time limit the request sets", async () => {
    void runner.preload();
    await startSpares();
    const loop = await run({ ...HELLO, timeoutMs: 3_000 });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(loop.worker!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await loop.result).error?.message).toContain("after 3 s");
  });

  it("counts from the worker's start of the learner's code, not from posting the program", async () => {
    void runner.preload();
    await startSpares();
    FakeWorker.startsAtOnce = false;
    const busy = await run();
    // A busy machine: the worker gets to the learner's code 3 s after the program was posted.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(busy.worker!.terminated).toBe(false);
    busy.worker!.started();
    await vi.advanceTimersByTimeAsync(900);
    busy.worker!.answer("late but fine");
    const result = await busy.result;
    expect(result.status).toBe("passed");
    expect(result.durationMs).toBe(900);
  });

  it("fails a run whose code never starts as the runner's fault, not a timeout", async () => {
    void runner.preload();
    await startSpares();
    FakeWorker.startsAtOnce = false;
    const stuck = await run();
    await vi.advanceTimersByTimeAsync(START_LIMIT_MS);
    const result = await stuck.result;
    expect(result.status).toBe("error");
    expect(result.error?.message).toBe(NOT_STARTED_MESSAGE);
    expect(stuck.worker!.terminated).toBe(true);
  });
});
