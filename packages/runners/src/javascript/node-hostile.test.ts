/**
 * Programs that never let the sandbox settle (endless promise chains, endless microtasks,
 * intervals, promises that never settle). Each must end at the time limit with a clear message,
 * leave the server process alone, and leave the warm runner ready for the next run.
 */
import type { RunRequest } from "@lumen/contracts";
import { runResultSchema } from "@lumen/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STARVED_WALL_CAP } from "../host/cpu-time.ts";
import { timeoutMessage } from "../host/result.ts";
import { createNodeJavaScriptRunner } from "./node.ts";

const TIMEOUT_MS = 1000;
/**
 * The run ends on the sandbox's own clock: at the limit, drawn out while the process was starved
 * of CPU (host/cpu-time.ts), with room for starting and answering.
 */
const MARGIN_MS = TIMEOUT_MS * (STARVED_WALL_CAP - 1) + 2000;

const runner = createNodeJavaScriptRunner();
beforeAll(() => runner.preload(), 30_000);
afterAll(() => runner.dispose());

function js(content: string): RunRequest {
  return { language: "javascript", files: [{ name: "index.js", content }], timeoutMs: TIMEOUT_MS };
}

async function run(request: RunRequest) {
  const started = performance.now();
  const result = runResultSchema.parse(await runner.run(request));
  return { result, wallMs: performance.now() - started };
}

/** The next run on the same (warm) runner works and gives the right answer. */
async function expectNextRunWorks() {
  const { result } = await run(js("console.log(1 + 1);"));
  expect(result.status).toBe("passed");
  expect(result.console).toEqual([{ stream: "stdout", text: "2" }]);
}

const ENDLESS = [
  {
    name: "an endless promise chain",
    code: "function r(n) {\n  return Promise.resolve(n).then(() => r(n + 1));\n}\nr(0);",
  },
  {
    name: "endless async recursion through await",
    code: "async function r() {\n  await null;\n  return r();\n}\nr();",
  },
  {
    name: "an endless chain of queueMicrotask",
    code: "(function f() {\n  queueMicrotask(f);\n})();",
  },
  {
    name: "an endless chain of .then on one promise",
    code: "const p = Promise.resolve();\n(function f() {\n  p.then(f);\n})();",
  },
];

describe("Node JavaScript runner: programs that never settle", () => {
  for (const { name, code } of ENDLESS) {
    it(`stops ${name} at the time limit, and the next run works`, async () => {
      const { result, wallMs } = await run(js(code));
      expect(result.status).toBe("timeout");
      expect(result.error?.message).toBe(timeoutMessage(TIMEOUT_MS));
      expect(result.console.at(-1)).toEqual({ stream: "stderr", text: timeoutMessage(TIMEOUT_MS) });
      expect(wallMs).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
      await expectNextRunWorks();
    });
  }

  it("stops an endless chain started from the checks, and the next run works", async () => {
    const { result, wallMs } = await run({
      ...js("function r(n) {\n  return Promise.resolve(n).then(() => r(n + 1));\n}"),
      checks: 'test("never ends", async () => {\n  await get("r")(0);\n});',
    });
    expect(result.status).toBe("timeout");
    expect(result.error?.message).toBe(timeoutMessage(TIMEOUT_MS));
    expect(wallMs).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    await expectNextRunWorks();
  });

  // The sandbox's clock is virtual: timers run at once, in order, up to a cap of ticks, so an
  // interval never cleared ends at that cap or at the time limit, whichever comes first.
  it("ends an interval that is never cleared, and the next run works", async () => {
    const { result, wallMs } = await run(js("setInterval(() => {}, 0);"));
    expect(["passed", "timeout"]).toContain(result.status);
    if (result.status === "timeout") {
      expect(result.error?.message).toBe(timeoutMessage(TIMEOUT_MS));
    }
    expect(wallMs).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    await expectNextRunWorks();
  });

  it("ends a program that leaves a promise unsettled beside a pending timer", async () => {
    const { result, wallMs } = await run(
      js('new Promise(() => {});\nsetTimeout(() => console.log("later"), 60_000);'),
    );
    // Nothing waits for the promise; the virtual clock runs the timer at once.
    expect(result.status).toBe("passed");
    expect(result.console).toEqual([{ stream: "stdout", text: "later" }]);
    expect(wallMs).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    await expectNextRunWorks();
  });

  it("times out a check that awaits a promise that never settles, never passes it", async () => {
    const { result, wallMs } = await run({
      ...js(
        'function load() {\n  setTimeout(() => console.log("tick"), 100);\n  return new Promise(() => {});\n}',
      ),
      checks: 'test("loads", async () => {\n  await load();\n});\ntest("after", () => {});',
    });
    expect(result.status).toBe("timeout");
    expect(result.error?.message).toBe(timeoutMessage(TIMEOUT_MS));
    expect(result.tests).toEqual([]);
    expect(result.console.map((c) => c.text)).toEqual(["tick", timeoutMessage(TIMEOUT_MS)]);
    expect(wallMs).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    await expectNextRunWorks();
  });

  it("times out checks that never finish registering, never passes them", async () => {
    const { result } = await run({
      ...js("const answer = 42;"),
      checks: 'test("first", () => {});\nawait new Promise(() => {});\ntest("second", () => {});',
    });
    expect(result.status).toBe("timeout");
    expect(result.tests).toEqual([]);
    await expectNextRunWorks();
  });

  it("survives several hostile runs in a row and still answers right", async () => {
    for (const { code } of ENDLESS.slice(0, 2)) {
      const { result } = await run(js(code));
      expect(result.status).toBe("timeout");
    }
    await expectNextRunWorks();
    await expectNextRunWorks();
  });
});
