import type { RunRequest, RunResult } from "@lumen/contracts";
import { runResultSchema } from "@lumen/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STARVED_WALL_CAP } from "../host/cpu-time.ts";
import type { LanguageRunner } from "../types.ts";
import { makePythonSnapshot } from "./make-snapshot.ts";
import { createNodePythonRunner } from "./node.ts";

// Every behaviour holds for an interpreter started from scratch and for one restored from the
// build's memory snapshot (what the browser runs).
describe.each(["from scratch", "from the memory snapshot"])("Python started %s", (start) => {
  let runner: LanguageRunner;

  beforeAll(async () => {
    const snapshot = start === "from scratch" ? undefined : await makePythonSnapshot();
    runner = createNodePythonRunner({ snapshot });
    await runner.preload();
  }, 120_000);

  afterAll(() => runner.dispose());

  async function run(main: string, extra: Partial<RunRequest> = {}): Promise<RunResult> {
    const result = await runner.run({
      language: "python",
      files: [{ name: "main.py", content: main }],
      ...extra,
    });
    return runResultSchema.parse(result);
  }

  const text = (result: RunResult, stream: "stdout" | "stderr" | "info") =>
    result.console
      .filter((entry) => entry.stream === stream)
      .map((entry) => entry.text)
      .join("");

  describe("running Python", () => {
    it("prints to stdout", async () => {
      const result = await run('print("Hello, world!")');
      expect(result.status).toBe("passed");
      expect(text(result, "stdout")).toBe("Hello, world!\n");
      expect(result.tests).toEqual([]);
    });

    it("streams console lines as they are printed", async () => {
      const streamed: string[] = [];
      await runner.run(
        { language: "python", files: [{ name: "main.py", content: 'print("a")\nprint("b")' }] },
        { onConsole: (entry) => streamed.push(entry.text) },
      );
      expect(streamed.join("")).toBe("a\nb\n");
    });

    it("keeps non-ASCII text intact", async () => {
      const result = await run('print("héllo, wörld ✓ 日本語 🐍")');
      expect(text(result, "stdout")).toBe("héllo, wörld ✓ 日本語 🐍\n");
    });

    it("starts every run with fresh globals", async () => {
      await run("secret = 42");
      const result = await run("print(secret)");
      expect(result.status).toBe("error");
      expect(result.error?.message).toBe("NameError: name 'secret' is not defined");
    });

    it("imports the learner's other modules, fresh each run", async () => {
      const files = (value: number) => [
        { name: "main.py", content: "import helper\nprint(helper.value)" },
        { name: "helper.py", content: `value = ${value}` },
      ];
      expect(text(await run("", { files: files(1) }), "stdout")).toBe("1\n");
      expect(text(await run("", { files: files(2) }), "stdout")).toBe("2\n");
    });

    it("answers input() from stdin, in order", async () => {
      const result = await run('a = input("First? ")\nb = input("Second? ")\nprint(a + b)', {
        stdin: ["py", "thon"],
      });
      expect(text(result, "stdout")).toBe("First? Second? python\n");
    });
  });

  describe("errors point at the learner's file and line", () => {
    it("trims a runtime error's traceback to the learner's files", async () => {
      const result = await run("", {
        files: [
          { name: "main.py", content: "import helper\n\nhelper.divide()" },
          { name: "helper.py", content: "def divide():\n    return 1 / 0" },
        ],
      });
      expect(result.status).toBe("error");
      expect(result.error).toEqual({
        message: "ZeroDivisionError: division by zero",
        file: "helper.py",
        line: 2,
      });
      const stderr = text(result, "stderr");
      expect(stderr).toContain('File "main.py", line 3, in <module>');
      expect(stderr).toContain('File "helper.py", line 2, in divide');
      expect(stderr).not.toMatch(/lesson|_pyodide|<exec>/);
    });

    it("reports a syntax error with its line", async () => {
      const result = await run('print("one")\nprint("two"');
      expect(result.status).toBe("error");
      expect(result.error?.file).toBe("main.py");
      expect(result.error?.line).toBe(2);
      expect(result.error?.message).toMatch(/^SyntaxError: /);
      expect(text(result, "stdout")).toBe("");
    });
  });

  describe("bad input", () => {
    it("stops `while True: pass` at the time limit, and the next run works", async () => {
      const started = Date.now();
      const result = await run("while True:\n    pass", { timeoutMs: 1000 });
      expect(result.status).toBe("timeout");
      expect(result.error?.message).toContain("ran for more than 1 second");
      // The sandbox's own clock ends it: within the limit drawn out for a starved process (cpu-time.ts),
      // well before the watchdog would.
      expect(Date.now() - started).toBeLessThan(1_000 * STARVED_WALL_CAP + 2_000);
      expect(text(await run('print("next")'), "stdout")).toBe("next\n");
    });

    it("does not count Python loading its own library against the time limit", async () => {
      // The first import of these modules loads dozens of files (over 200 ms here): that is the
      // runtime starting up, not the learner's code, so a 100 ms limit does not stop it.
      const result = await run(
        "import urllib.request, email.mime.multipart, xml.dom.minidom, http.server\nprint('loaded')",
        { timeoutMs: 100 },
      );
      expect(result.status).toBe("passed");
      expect(text(result, "stdout")).toBe("loaded\n");
    });

    it("counts the learner's own modules against the time limit", async () => {
      const result = await runner.run({
        language: "python",
        files: [
          { name: "main.py", content: "import spin" },
          { name: "spin.py", content: "while True:\n    pass" },
        ],
        timeoutMs: 200,
      });
      expect(result.status).toBe("timeout");
    });

    it("stops a loop that swallows KeyboardInterrupt by replacing the runtime", async () => {
      const code =
        "while True:\n    try:\n        while True: pass\n    except BaseException:\n        pass";
      const result = await run(code, { timeoutMs: 500 });
      expect(result.status).toBe("timeout");
      expect(text(await run('print("fresh")'), "stdout")).toBe("fresh\n");
      // Starting Python from scratch again takes most of this; on a busy machine, much longer.
    }, 90_000);

    it("ends deep recursion with a RecursionError", async () => {
      const result = await run("def down(n):\n    return down(n + 1)\n\ndown(0)");
      expect(result.status).toBe("error");
      expect(result.error?.message).toMatch(/^RecursionError: .*never stopped/);
      expect(result.error?.line).toBe(2);
    }, 90_000);

    it("ends deep recursion even when the learner raises the recursion limit", async () => {
      const code =
        "import sys\nsys.setrecursionlimit(10**6)\ndef down(n):\n    return down(n + 1)\ndown(0)";
      const result = await run(code);
      expect(result.error?.message).toMatch(/^RecursionError/);
      expect(text(await run('print("alive")'), "stdout")).toBe("alive\n");
    });

    it("cuts printing 10 MB with a note", async () => {
      const result = await run('print("x" * 10_000_000)');
      expect(text(result, "stdout").length).toBe(100_000);
      expect(text(result, "info")).toContain("Output cut");
    });

    it("ends a memory bomb with a MemoryError", async () => {
      const result = await run("hoard = []\nwhile True:\n    hoard.append('x' * 10**7)", {
        timeoutMs: 15_000,
      });
      expect(result.status).toBe("error");
      expect(result.error?.message).toMatch(/^MemoryError: .*too much memory/);
      // The bomb's memory is free again for the next run.
      expect(text(await run('print(len("x" * 50_000_000))'), "stdout")).toBe("50000000\n");
    });

    it("answers input() with an empty line when nothing was typed", async () => {
      const result = await run('name = input("Name? ")\nprint("[" + name + "]")');
      expect(text(result, "stdout")).toBe("Name? []\n");
      const number = await run('age = int(input("Age? "))');
      expect(number.error?.message).toBe("ValueError: invalid literal for int() with base 10: ''");
    });

    it("gives learner code no way to the host", async () => {
      const result = await run(
        [
          "import js",
          "print(hasattr(js, 'process'))",
          "try:\n    import pyodide_js\nexcept ImportError:\n    print('no pyodide_js')",
          "from pyodide.ffi import to_js",
          "print(to_js({}).constructor.constructor)",
          "try:\n    open('/etc/passwd')\nexcept OSError:\n    print('no host files')",
        ].join("\n"),
      );
      expect(text(result, "stdout")).toBe("False\nno pyodide_js\nNone\nno host files\n");
    });

    it("writes JSON to a file with json.dump after the lock-down", async () => {
      // The lock-down once deleted json.encoder's _JSNULL, and json.dump stopped with a NameError.
      const result = await run(
        [
          "import json",
          'with open("save.json", "w") as f:',
          '    json.dump({"room": "cellar", "items": ["lamp"], "alive": True, "gone": None}, f)',
          'with open("save.json") as f:',
          "    print(f.read())",
        ].join("\n"),
      );
      expect(result.error).toBeUndefined();
      expect(text(result, "stdout")).toBe(
        '{"room": "cellar", "items": ["lamp"], "alive": true, "gone": null}\n',
      );
    });
  });

  describe("checks", () => {
    const checks = (body: string) => ({ checks: body });

    it("passes when every check returns", async () => {
      const result = await run(
        "prices = [10, 12, 20]\ntotal = 0\nfor p in prices:\n    total += p\nprint(total)",
        checks(
          [
            '@test("Defines total as the sum of prices")',
            "def _():",
            '    assert "total" in globals(), "Create a variable named total."',
            '    assert_equal(total, 42, "total should be the sum of all the prices.")',
            '@test("Uses a for loop and prints")',
            "def _():",
            '    assert uses("For"), "Use a for loop."',
            '    assert calls("print"), "Print the total."',
            '    assert stdout.strip() == "42", "Print only the total."',
            '    assert "prices" in source and isinstance(tree, type(tree))',
          ].join("\n"),
        ),
      );
      expect(result.status).toBe("passed");
      expect(result.tests).toEqual([
        { name: "Defines total as the sum of prices", status: "passed" },
        { name: "Uses a for loop and prints", status: "passed" },
      ]);
    });

    it("fails with the author's message, and reports expected and actual", async () => {
      const result = await run(
        "total = 41",
        checks(
          '@test("Sums")\ndef _():\n    assert_equal(total, 42, "total should be the sum of all the prices.")',
        ),
      );
      expect(result.status).toBe("failed");
      expect(result.tests).toEqual([
        {
          name: "Sums",
          status: "failed",
          message: "total should be the sum of all the prices.",
          expected: "42",
          actual: "41",
        },
      ]);
    });

    it("gives the assert message when the learner's name is missing", async () => {
      const result = await run(
        'print("hello world")',
        checks(
          [
            '@test("Prints Hello, world!")',
            "def _():",
            '    assert stdout.strip() == "Hello, world!", "Print exactly Hello, world! with the comma."',
            '@test("Has total")',
            "def _():",
            '    assert "total" in globals(), "Create a variable named total."',
          ].join("\n"),
        ),
      );
      expect(result.status).toBe("failed");
      expect(result.tests.map((t) => t.message)).toEqual([
        "Print exactly Hello, world! with the comma.",
        "Create a variable named total.",
      ]);
    });

    it("runs main.py again with run_main(inputs)", async () => {
      const result = await run(
        'name = input("Name? ")\nprint("Hi, " + name + "!")',
        checks(
          [
            '@test("Greets by name")',
            "def _():",
            '    out = run_main(inputs=["Ada"])',
            '    assert out == "Name? Hi, Ada!\\n", "Greet the name you read with input()."',
            '    assert "sources" in globals() and "main.py" in sources',
          ].join("\n"),
        ),
      );
      expect(result.tests).toEqual([{ name: "Greets by name", status: "passed" }]);
    });

    it("reports stderr to the checks and keeps the run's error status", async () => {
      const result = await run(
        "import sys\nsys.stderr.write('warn\\n')\nraise ValueError('bad')",
        checks(
          '@test("Writes a warning")\ndef _():\n    assert stderr == "warn\\n", "Write warn."',
        ),
      );
      expect(result.status).toBe("error");
      expect(result.tests).toEqual([{ name: "Writes a warning", status: "passed" }]);
    });
  });
});
