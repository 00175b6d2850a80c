import { loadPyodide, type PyodideInterface } from "pyodide";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type PythonDiagnostic,
  pythonDiagnosticsSchema,
  SYNTAX_CHECK_SOURCE,
} from "./syntax-check.ts";

describe("Python's syntax check (the editor's lint)", () => {
  let py: PyodideInterface;
  let check: (source: string, name: string) => PythonDiagnostic[];
  const printed: string[] = [];

  beforeAll(async () => {
    py = await loadPyodide({
      stdout: (text) => printed.push(text),
      stderr: (text) => printed.push(text),
    });
    const namespace = py.toPy({});
    py.runPython(SYNTAX_CHECK_SOURCE, { globals: namespace });
    const compileCheck = namespace.get("check") as (source: string, name: string) => string;
    check = (source, name) => pythonDiagnosticsSchema.parse(JSON.parse(compileCheck(source, name)));
  }, 120_000);

  it("finds nothing wrong in good code", () => {
    expect(check('name = "Ada"\nprint(name)\n', "main.py")).toEqual([]);
  });

  it("reports an unclosed bracket where Python does, in Python's words", () => {
    const [error, ...rest] = check('print("Hello"\nx = 1\n', "main.py");
    expect(rest).toEqual([]);
    expect(error).toMatchObject({
      severity: "error",
      message: "SyntaxError: '(' was never closed",
      line: 1,
      column: 6,
    });
  });

  it("reports indentation errors by their own name", () => {
    const [error] = check("if True:\nprint(1)\n", "main.py");
    expect(error?.message).toMatch(/^IndentationError: expected an indented block/);
    expect(error?.line).toBe(2);
  });

  it("reports errors the compiler finds after parsing", () => {
    const [error] = check("x = 1\nreturn x\n", "main.py");
    expect(error).toMatchObject({ message: "SyntaxError: 'return' outside function", line: 2 });
  });

  it("reports compile warnings as warnings, and prints nothing", () => {
    const diagnostics = check('path = "C:\\d"\n', "main.py");
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        message: expect.stringMatching(/^SyntaxWarning: .*escape sequence/),
        line: 1,
      }),
    ]);
    expect(printed).toEqual([]);
  });

  it("never runs the code it checks", () => {
    expect(check('print("ran")\nraise SystemExit(3)\n', "main.py")).toEqual([]);
    expect(printed).toEqual([]);
  });

  it("answers for source Python refuses to compile at all", () => {
    const [error] = check("x = 1\0", "main.py");
    expect(error?.severity).toBe("error");
    expect(error?.message).toMatch(/null/);
  });

  it("ignores a learner's rebinding of compile", () => {
    py.runPython("import builtins\nbuiltins.compile = lambda *a, **k: None");
    expect(check("def broken(:\n", "main.py")[0]?.severity).toBe("error");
  });
});
