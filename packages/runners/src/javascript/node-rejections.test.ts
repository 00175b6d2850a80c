import type { RunRequest } from "@lumen/contracts";
import { runResultSchema } from "@lumen/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeJavaScriptRunner } from "./node.ts";

const runner = createNodeJavaScriptRunner();
beforeAll(() => runner.preload(), 30_000);
afterAll(() => runner.dispose());

function js(content: string, extra: Partial<RunRequest> = {}): RunRequest {
  return { language: "javascript", files: [{ name: "index.js", content }], ...extra };
}

async function run(request: RunRequest) {
  return runResultSchema.parse(await runner.run(request));
}

const stderr = (result: { console: Array<{ stream: string; text: string }> }) =>
  result.console.filter((c) => c.stream === "stderr").map((c) => c.text);

describe("Node JavaScript runner: promise rejections nobody handles", () => {
  it("reports a rejected promise never handled, after the program's output", async () => {
    const result = await run(
      js('console.log("start");\nPromise.reject(new Error("boom"));\nconsole.log("end");'),
    );
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({ message: "Error: boom", file: "index.js", line: 2 });
    expect(result.console.map((c) => c.text)).toEqual([
      "start",
      "end",
      expect.stringMatching(/^Uncaught \(in promise\) Error: boom\n {4}at .*\(index\.js:2:\d+\)$/),
    ]);
  });

  // The same program and expectations as the browser runner's in e2e/runners-js-web.e2e.ts.
  it("reports an async function that throws, on the learner's line", async () => {
    const result = await run(
      js('async function load() {\n  throw new Error("no data");\n}\nload();'),
    );
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({ message: "Error: no data", file: "index.js", line: 2 });
    expect(result.console[0]?.text).toMatch(/^Uncaught \(in promise\) Error: no data/);
    expect(result.console[0]?.text).toContain("at load (index.js:2:");
    expect(result.console).toHaveLength(1);
  });

  it("reports an async function that throws after an await", async () => {
    const result = await run(
      js('async function load() {\n  await null;\n  throw new Error("later");\n}\nload();'),
    );
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({ message: "Error: later", file: "index.js", line: 3 });
    expect(stderr(result)).toHaveLength(1);
  });

  it("does not report a rejection handled later with .catch in the same run of jobs", async () => {
    const result = await run(
      js(
        [
          'const failing = Promise.reject(new Error("late"));',
          "Promise.resolve().then(() => {",
          '  failing.catch((e) => console.log("caught", e.message));',
          "});",
          'async function load() { throw new Error("no data"); }',
          "const loading = load();",
          'loading.catch((e) => console.log("caught", e.message));',
        ].join("\n"),
      ),
    );
    expect(result.status).toBe("passed");
    expect(result.error).toBeUndefined();
    expect(result.console.map((c) => c.text)).toEqual(["caught no data", "caught late"]);
  });

  it("reports a rejection with a value that is not an Error as the browser runner prints it", async () => {
    const result = await run(js('Promise.reject("boom");'));
    expect(result.status).toBe("error");
    expect(result.error).toEqual({ message: "'boom'" });
    expect(result.console).toEqual([{ stream: "stderr", text: "Uncaught (in promise) 'boom'" }]);
  });

  it("reports a rejection in a TypeScript file on the learner's TypeScript line", async () => {
    const result = await run({
      language: "typescript",
      files: [
        {
          name: "index.ts",
          content: [
            "interface User {",
            "  name: string;",
            "}",
            "",
            "async function loadUser(id: number): Promise<User> {",
            "  const users: User[] = [];",
            "  const user = users[id];",
            '  if (!user) throw new Error("No user " + id);',
            "  return user;",
            "}",
            "loadUser(7);",
          ].join("\n"),
        },
      ],
    });
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({ message: "Error: No user 7", file: "index.ts", line: 8 });
    expect(result.console[0]?.text).toMatch(/^Uncaught \(in promise\) Error: No user 7/);
  });

  it("leaves awaited and caught failures alone, and reports one line for a rethrow", async () => {
    const caught = await run(
      js(
        'async function load() {\n  throw new Error("x");\n}\n(async () => {\n  try {\n    await load();\n  } catch (e) {\n    console.log("handled", e.message);\n  }\n})();',
      ),
    );
    expect(caught.status).toBe("passed");
    expect(caught.console.map((c) => c.text)).toEqual(["handled x"]);

    const rethrown = await run(
      js(
        'async function load() {\n  throw new Error("x");\n}\nasync function main() {\n  await load();\n}\nmain();',
      ),
    );
    expect(rethrown.status).toBe("error");
    expect(rethrown.error).toMatchObject({ message: "Error: x", file: "index.js", line: 2 });
    expect(stderr(rethrown)).toHaveLength(1);
  });

  it("follows an async function that returns a failing promise", async () => {
    const unhandled = await run(
      js(
        'async function load() {\n  throw new Error("x");\n}\nasync function main() {\n  return load();\n}\nmain();',
      ),
    );
    expect(unhandled.status).toBe("error");
    expect(stderr(unhandled)).toHaveLength(1);

    const handled = await run(
      js(
        'async function main() {\n  return Promise.reject(new Error("x"));\n}\nmain().catch(() => console.log("ok"));',
      ),
    );
    expect(handled.status).toBe("passed");
    expect(handled.console.map((c) => c.text)).toEqual(["ok"]);
  });

  it("reports a throwing .then handler only when no .catch follows", async () => {
    const code = 'Promise.resolve(1).then(() => {\n  throw new Error("in then");\n})';
    const unhandled = await run(js(`${code};`));
    expect(unhandled.status).toBe("error");
    expect(unhandled.error).toMatchObject({ message: "Error: in then", line: 2 });

    const handled = await run(js(`${code}.catch((e) => console.log(e.message));`));
    expect(handled.status).toBe("passed");
    expect(handled.console.map((c) => c.text)).toEqual(["in then"]);
  });

  it("handles Promise.all, .finally and new Promise the way a browser does", async () => {
    const result = await run(
      js(
        [
          'async function a() { throw new Error("a"); }',
          'Promise.all([a(), Promise.reject(new Error("b"))]).catch((e) => console.log("all", e.message));',
          'Promise.reject(new Error("f")).finally(() => console.log("finally")).catch(() => console.log("after finally"));',
          'new Promise((resolve) => resolve(Promise.reject(new Error("adopted")))).catch((e) => console.log(e.message));',
          "Promise.any([Promise.reject(1)]);",
        ].join("\n"),
      ),
    );
    expect(result.console.filter((c) => c.stream === "stdout").map((c) => c.text)).toEqual([
      "finally",
      "all a",
      "adopted",
      "after finally",
    ]);
    expect(stderr(result)).toEqual([
      expect.stringMatching(/^Uncaught \(in promise\) AggregateError/),
    ]);
  });

  it("reports a rejection still unhandled when a timer runs, as a browser does", async () => {
    const result = await run(
      js(
        'const failing = Promise.reject(new Error("t"));\nsetTimeout(() => failing.catch(() => console.log("too late")), 0);',
      ),
    );
    expect(result.status).toBe("error");
    expect(result.console.map((c) => c.text)).toEqual([
      expect.stringMatching(/^Uncaught \(in promise\) Error: t/),
      "too late",
    ]);
  });

  it("reports a rejection in another file on that file's line", async () => {
    const result = await run({
      language: "javascript",
      files: [
        { name: "index.js", content: 'import { load } from "./api.js";\nload();' },
        {
          name: "api.js",
          content:
            'export async function load() {\n  await null;\n  throw new Error("offline");\n}\n',
        },
      ],
    });
    expect(result.error).toMatchObject({ message: "Error: offline", file: "api.js", line: 3 });
  });

  it("reports endless async recursion once", async () => {
    const unhandled = await run(js("async function down(n) {\n  await down(n + 1);\n}\ndown(0);"));
    expect(unhandled.status).toBe("error");
    expect(unhandled.error).toMatchObject({
      message: "RangeError: Maximum call stack size exceeded",
      file: "index.js",
    });
    expect(stderr(unhandled)).toHaveLength(1);

    const handled = await run(
      js(
        'async function down(n) {\n  await down(n + 1);\n}\ndown(0).catch(() => console.log("stopped"));',
      ),
    );
    expect(handled.status).toBe("passed");
    expect(handled.console.map((c) => c.text)).toEqual(["stopped"]);
  });

  it("lets checks await the learner's async functions, and reports one they leave failing", async () => {
    const content =
      "async function half(n) {\n  if (n % 2) throw new Error('odd');\n  return n / 2;\n}";
    const awaited = await run(
      js(content, {
        checks:
          'test("halves", async () => assertEqual(await get("half")(4), 2));\ntest("refuses odd numbers", async () => {\n  let refused = false;\n  try { await get("half")(3); } catch { refused = true; }\n  assert(refused, "half(3) should fail");\n});',
      }),
    );
    expect(awaited.status).toBe("passed");
    expect(awaited.tests.map((t) => t.status)).toEqual(["passed", "passed"]);

    const forgotten = await run(
      js(content, { checks: 'test("calls", () => { get("half")(3); });' }),
    );
    expect(forgotten.status).toBe("error");
    expect(forgotten.error).toMatchObject({ message: "Error: odd", file: "index.js", line: 2 });
  });

  it("keeps the learner's async functions as written", async () => {
    const result = await run(
      js(
        "async function twice(n) { return n * 2; }\nconst inc = async (n) => n + 1;\nconsole.log(twice.toString());\nconsole.log(String(inc), twice.constructor.name, twice.length);",
      ),
    );
    expect(result.console.map((c) => c.text)).toEqual([
      "async function twice(n) { return n * 2; }",
      "async (n) => n + 1 AsyncFunction 1",
    ]);
  });

  it("keeps the order of promise jobs and Promise's identity", async () => {
    const result = await run(
      js(
        [
          "Promise.resolve().then(() => console.log(1));",
          "(async () => { await null; console.log(2); await null; console.log(4); })();",
          "Promise.resolve().then(() => console.log(3)).then(() => console.log(5));",
          "const p = Promise.resolve(0);",
          "console.log(Promise.resolve(p) === p, p instanceof Promise, String(Promise).includes('native code'));",
        ].join("\n"),
      ),
    );
    expect(result.console.map((c) => c.text)).toEqual(["true true true", "1", "2", "3", "4", "5"]);
  });
});
