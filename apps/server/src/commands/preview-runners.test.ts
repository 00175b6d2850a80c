/** The preview's runner lifecycle: lazy creation, reset, and no run cut short by a reset. */
import type { RunRequest, RunResult } from "@lumen/contracts";
import type { NodeRunners } from "@lumen/runners/node";
import { describe, expect, it } from "vitest";
import { PreviewRunners } from "./preview-runners.ts";

const request: RunRequest = { language: "javascript", files: [{ name: "index.js", content: "" }] };
const result: RunResult = { status: "passed", durationMs: 1, console: [], tests: [] };

/** Fake runners whose runs finish when the test says so. */
function fakeFactory() {
  const made: Array<{ disposed: boolean; finish: Array<() => void> }> = [];
  const create = (): NodeRunners => {
    const state = { disposed: false, finish: [] as Array<() => void> };
    made.push(state);
    return {
      run: () =>
        new Promise<RunResult>((resolve) => {
          state.finish.push(() => resolve(result));
        }),
      preload: async () => {},
      dispose: async () => {
        state.disposed = true;
      },
    };
  };
  return { create, made };
}

describe("PreviewRunners", () => {
  it("creates runners on the first run only and reuses them", async () => {
    const { create, made } = fakeFactory();
    const runners = new PreviewRunners(create);
    expect(runners.warm).toBe(false);
    expect(made).toHaveLength(0);
    const first = runners.run(request);
    const second = runners.run(request);
    expect(made).toHaveLength(1);
    for (const finish of made[0]!.finish) finish();
    expect(await first).toEqual(result);
    expect(await second).toEqual(result);
    expect(runners.warm).toBe(true);
  });

  it("disposes idle runners on reset, and the next run makes new ones", async () => {
    const { create, made } = fakeFactory();
    const runners = new PreviewRunners(create);
    const run = runners.run(request);
    made[0]!.finish[0]!();
    await run;
    await runners.reset();
    expect(made[0]!.disposed).toBe(true);
    expect(runners.warm).toBe(false);
    const next = runners.run(request);
    expect(made).toHaveLength(2);
    made[1]!.finish[0]!();
    expect(await next).toEqual(result);
  });

  it("answers an endless promise chain with a timeout, and the next run works (real runners)", async () => {
    const runners = new PreviewRunners();
    const js = (content: string): RunRequest => ({
      language: "javascript",
      files: [{ name: "index.js", content }],
      timeoutMs: 1000,
    });
    try {
      const endless = await runners.run(
        js("function r(n) {\n  return Promise.resolve(n).then(() => r(n + 1));\n}\nr(0);"),
      );
      expect(endless.status).toBe("timeout");
      expect(endless.error?.message).toContain("still running after 1 s");
      const next = await runners.run(js("console.log(1 + 1);"));
      expect(next.status).toBe("passed");
      expect(next.console).toEqual([{ stream: "stdout", text: "2" }]);
    } finally {
      await runners.reset();
    }
  }, 30_000);

  it("lets a run in progress finish before its runners are disposed", async () => {
    const { create, made } = fakeFactory();
    const runners = new PreviewRunners(create);
    const running = runners.run(request);
    await runners.reset();
    expect(made[0]!.disposed).toBe(false);
    made[0]!.finish[0]!();
    expect(await running).toEqual(result);
    expect(made[0]!.disposed).toBe(true);
  });
});
