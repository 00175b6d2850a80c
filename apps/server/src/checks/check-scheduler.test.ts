import type { RunRequest, RunResult } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import {
  CheckDeadlineError,
  type CheckExecutor,
  CheckScheduler,
  ChecksBusyError,
} from "./check-scheduler.ts";

const request = (tag: string): RunRequest => ({
  language: "javascript",
  files: [{ name: "index.js", content: tag }],
});
const passed: RunResult = { status: "passed", durationMs: 1, console: [], tests: [] };

/** An executor whose runs finish only when the test says so, in any order. */
function manualExecutor(capacity: number) {
  const started: Array<{ tag: string; finish(): void }> = [];
  const executor: CheckExecutor = {
    capacity: () => capacity,
    run: (r) =>
      new Promise<RunResult>((resolve) => {
        started.push({ tag: r.files[0]!.content, finish: () => resolve(passed) });
      }),
  };
  return { executor, started };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("CheckScheduler", () => {
  it("takes learners in turn, so a learner's many checks wait behind their own", async () => {
    const { executor, started } = manualExecutor(1);
    const scheduler = new CheckScheduler(executor, {
      perLearnerRunning: 1,
      perLearnerWaiting: 10,
      waiting: 100,
    });
    for (const n of [1, 2, 3]) void scheduler.submit("hostile", request(`h${n}`));
    void scheduler.submit("ordinary", request("o1"));
    await flush();
    expect(started.map((s) => s.tag)).toEqual(["h1"]);
    started[0]!.finish();
    await flush();
    // The ordinary learner's check comes next, not the hostile learner's second.
    expect(started.map((s) => s.tag)).toEqual(["h1", "o1"]);
    started[1]!.finish();
    await flush();
    expect(started.map((s) => s.tag)).toEqual(["h1", "o1", "h2"]);
  });

  it("runs one check of a learner at a time, however many runners are free", async () => {
    const { executor, started } = manualExecutor(4);
    const scheduler = new CheckScheduler(executor, {
      perLearnerRunning: 1,
      perLearnerWaiting: 10,
      waiting: 100,
    });
    void scheduler.submit("a", request("a1"));
    void scheduler.submit("a", request("a2"));
    void scheduler.submit("b", request("b1"));
    await flush();
    expect(started.map((s) => s.tag)).toEqual(["a1", "b1"]);
    expect(scheduler.stats()).toMatchObject({ running: 2, waiting: 1 });
  });

  it("refuses a learner's check past their waiting limit, with a time to come back", async () => {
    const { executor } = manualExecutor(1);
    const scheduler = new CheckScheduler(executor, {
      perLearnerRunning: 1,
      perLearnerWaiting: 2,
      waiting: 100,
    });
    void scheduler.submit("a", request("running"));
    void scheduler.submit("a", request("waiting 1"));
    void scheduler.submit("a", request("waiting 2"));
    const refused = await scheduler.submit("a", request("one too many")).catch((e) => e);
    expect(refused).toBeInstanceOf(ChecksBusyError);
    expect(refused.scope).toBe("learner");
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Another learner is still welcome.
    expect(scheduler.stats().waiting).toBe(2);
    void scheduler.submit("b", request("b"));
    expect(scheduler.stats().waiting).toBe(3);
  });

  it("refuses any check once the server's queue is full", async () => {
    const { executor } = manualExecutor(1);
    const scheduler = new CheckScheduler(executor, {
      perLearnerRunning: 1,
      perLearnerWaiting: 5,
      waiting: 2,
    });
    void scheduler.submit("a", request("a1"));
    void scheduler.submit("b", request("b1"));
    void scheduler.submit("c", request("c1"));
    const refused = await scheduler.submit("d", request("d1")).catch((e) => e);
    expect(refused).toBeInstanceOf(ChecksBusyError);
    expect(refused.scope).toBe("server");
  });

  it("drops a check whose deadline passes while it waits, and never runs it", async () => {
    const { executor, started } = manualExecutor(1);
    const scheduler = new CheckScheduler(executor);
    void scheduler.submit("a", request("a1"));
    const late = scheduler.submit("b", request("b1"), { deadline: Date.now() - 1 });
    await expect(late).rejects.toBeInstanceOf(CheckDeadlineError);
    started[0]!.finish();
    await flush();
    expect(started.map((s) => s.tag)).toEqual(["a1"]);
    expect(scheduler.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("frees the runner when a check fails, and reports the failure to its learner", async () => {
    let calls = 0;
    const scheduler = new CheckScheduler({
      capacity: () => 1,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error("sandbox gone");
        return passed;
      },
    });
    await expect(scheduler.submit("a", request("1"))).rejects.toThrow("sandbox gone");
    await expect(scheduler.submit("a", request("2"))).resolves.toEqual(passed);
  });
});
