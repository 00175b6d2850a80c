import type { RunRequest } from "@lumen/contracts";
import { runResultSchema } from "@lumen/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeJavaScriptRunner } from "./node.ts";

const runner = createNodeJavaScriptRunner();
beforeAll(() => runner.preload(), 30_000);
afterAll(() => runner.dispose());

function js(content: string, extra: Partial<RunRequest> = {}): RunRequest {
  return {
    language: "javascript",
    files: [{ name: "index.js", content }],
    timeoutMs: 1000,
    ...extra,
  };
}

async function run(request: RunRequest) {
  return runResultSchema.parse(await runner.run(request));
}

const SUM_CHECKS = `
test("sum adds two numbers", () => {
  const sum = get("sum");
  assert(typeof sum === "function", "Declare a function named sum.");
  assertEqual(sum(2, 3), 5, "sum(2, 3) should return 5.");
});
test("prints the result", async () => {
  await Promise.resolve();
  assert(output.includes("5"), "Print the result of sum(2, 3).");
});`;

describe("Node JavaScript runner (QuickJS)", () => {
  it("prints values the way a browser console does", async () => {
    const result = await run(
      js(`console.log("Hi", 1, {a: 1, b: [1, "x"]}, new Map([["k", 2]]), new Set([3]), null);`),
    );
    expect(result.status).toBe("passed");
    expect(result.console).toEqual([
      { stream: "stdout", text: "Hi 1 {a: 1, b: [1, 'x']} Map(1) {'k' => 2} Set(1) {3} null" },
    ]);
  });

  it("passes the checks of a right answer", async () => {
    const result = await run(
      js("function sum(a, b) {\n  return a + b;\n}\nconsole.log(sum(2, 3));", {
        checks: SUM_CHECKS,
      }),
    );
    expect(result.tests).toEqual([
      { name: "sum adds two numbers", status: "passed" },
      { name: "prints the result", status: "passed" },
    ]);
    expect(result.status).toBe("passed");
  });

  it("fails a wrong answer with the author's message and expected/actual", async () => {
    const result = await run(
      js("const sum = (a, b) => a - b;\nconsole.log(sum(2, 3));", { checks: SUM_CHECKS }),
    );
    expect(result.status).toBe("failed");
    expect(result.tests[0]).toEqual({
      name: "sum adds two numbers",
      status: "failed",
      message: "sum(2, 3) should return 5.",
      expected: "5",
      actual: "-1",
    });
    expect(result.tests[1]?.message).toBe("Print the result of sum(2, 3).");
  });

  it("stops an endless loop (for(;;){}) at the time limit", async () => {
    const result = await run(js("for (;;) {}"));
    expect(result.status).toBe("timeout");
    expect(result.error?.message).toContain("still running after 1 s");
  });

  it("reports deep recursion with the learner's line", async () => {
    const result = await run(
      js("// counts down\nfunction down(n) { return down(n + 1); }\ndown(0);"),
    );
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({
      message: "RangeError: Maximum call stack size exceeded",
      file: "index.js",
      line: 2,
    });
  });

  it("cuts 10 MB of printing with a note", async () => {
    const result = await run(
      js('const line = "x".repeat(1000);\nfor (let i = 0; i < 10000; i++) console.log(line);'),
    );
    expect(result.status).toBe("passed");
    const printed = result.console.filter((c) => c.stream === "stdout").map((c) => c.text);
    expect(printed.join("").length).toBeLessThanOrEqual(100_000);
    expect(result.console.at(-1)).toEqual({
      stream: "info",
      text: "Output truncated: your program printed more than 100,000 characters.",
    });
  });

  it("ends a memory bomb with a clear message", async () => {
    const result = await run(
      js("const a = [];\nwhile (true) a.push(new Array(100000).fill(1));", { timeoutMs: 5000 }),
    );
    expect(["error", "timeout"]).toContain(result.status);
    expect(result.error?.message).toMatch(/memory|still running/);
  }, 30_000);

  it("reports a syntax error with file and line", async () => {
    const result = await run(js("const a = 1;\nlet b = ;\n"));
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({
      message: "SyntaxError: Unexpected token",
      file: "index.js",
      line: 2,
    });
    expect(result.tests).toEqual([]);
  });

  it("keeps non-ASCII text intact", async () => {
    const result = await run(js('const greeting = "Grüß dich, 世界 👋";\nconsole.log(greeting);'));
    expect(result.console[0]?.text).toBe("Grüß dich, 世界 👋");
  });

  it("has no network, process or file system", async () => {
    const result = await run(
      js(
        'console.log(typeof process, typeof fetch, typeof XMLHttpRequest, typeof Deno);\nfetch("https://example.com/");',
      ),
    );
    expect(result.console[0]?.text).toBe("undefined undefined undefined undefined");
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({
      message: "ReferenceError: 'fetch' is not defined",
      line: 2,
    });
  });

  it("points a runtime error at the learner's line", async () => {
    const result = await run(js("let user = null;\n\nconsole.log(user.name);"));
    expect(result.error).toMatchObject({ file: "index.js", line: 3 });
    expect(result.console[0]?.text).toMatch(/^Uncaught TypeError: /);
  });

  it("runs several files with import and export, and timers", async () => {
    const result = await run({
      language: "javascript",
      files: [
        {
          name: "index.js",
          content:
            'import { add } from "./math.js";\nsetTimeout(() => console.log("later"), 50);\nconsole.log(add(2, 3));',
        },
        { name: "math.js", content: "export function add(a, b) {\n  return a + b;\n}\n" },
      ],
    });
    expect(result.console.map((c) => c.text)).toEqual(["5", "later"]);
  });

  it("runs TypeScript with errors on the learner's line", async () => {
    const result = await run({
      language: "typescript",
      files: [
        {
          name: "index.ts",
          content:
            'interface User { name: string }\nconst u: User = { name: "Ada" };\nconsole.log(u.name);\n(u as any).x.y;',
        },
      ],
      checks:
        'test("source", () => assert(source.includes("interface"), "Declare an interface."));',
    });
    expect(result.console[0]?.text).toBe("Ada");
    expect(result.error).toMatchObject({ file: "index.ts", line: 4 });
    expect(result.tests).toEqual([{ name: "source", status: "passed" }]);
  });

  it("reports a TypeScript syntax error with file and line", async () => {
    const result = await run({
      language: "typescript",
      files: [{ name: "index.ts", content: "const a: number = 1;\nfunction f(: string) {}\n" }],
    });
    expect(result.error).toMatchObject({ file: "index.ts", line: 2 });
    expect(result.error?.message).toMatch(/^SyntaxError: /);
  });

  it("starts every run with fresh globals", async () => {
    await run(js("globalThis.leak = 1;\nvar shared = 2;"));
    const result = await run(js("console.log(typeof leak, typeof shared);"));
    expect(result.console[0]?.text).toBe("undefined undefined");
  });
});
