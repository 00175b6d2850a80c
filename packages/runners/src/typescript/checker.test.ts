import ts from "typescript";
import { describe, expect, it } from "vitest";
import { createTypeChecker } from "./checker.ts";
import { readLibFiles, readReactTypeFiles } from "./lib-files.ts";

const checker = createTypeChecker(ts, { ...readLibFiles(), ...readReactTypeFiles() });
const check = (files: Record<string, string>, jsx = false) =>
  checker.check({
    files: Object.entries(files).map(([name, content]) => ({ name, content })),
    jsx,
  });

describe("the type checker", () => {
  it("reports a type error on the learner's line and column, with the compiler's message", () => {
    const content = "// planets\nlet planet: string = 42;\nconsole.log(planet);\n";
    const [error, ...rest] = check({ "index.ts": content });
    expect(rest).toEqual([]);
    expect(error).toEqual({
      file: "index.ts",
      from: content.indexOf("planet:"),
      to: content.indexOf("planet:") + "planet".length,
      line: 2,
      column: 5,
      message: "Type 'number' is not assignable to type 'string'.",
      severity: "error",
      code: 2322,
    });
  });

  it("finds nothing in correct code, with the DOM's and ES2022's globals known", () => {
    expect(
      check({
        "index.ts": [
          "const name: string = 'Ada';", // a module's own `name`, not the DOM's global
          "const found = [1, 2, 3].at(-1);",
          "document.title = name;",
          "console.log(found, Object.hasOwn({ a: 1 }, 'a'));",
        ].join("\n"),
      }),
    ).toEqual([]);
  });

  it("is strict: an untyped parameter is an error", () => {
    const [error] = check({ "index.ts": "function area(w, h) { return w * h; }\n" });
    expect(error?.message).toBe("Parameter 'w' implicitly has an 'any' type.");
  });

  it("resolves the learner's other files and reports each file's errors under its own name", () => {
    const errors = check({
      "index.ts": 'import { double } from "./math";\nconst text: string = double(2);\n',
      "math.ts": "export function double(n: number): number { return n * 2; }\n",
    });
    expect(errors.map((e) => [e.file, e.line, e.code])).toEqual([["index.ts", 2, 2322]]);
  });

  it("checks TSX against React's types", () => {
    const app = [
      'import { useState } from "react";',
      "export default function App() {",
      "  const [count, setCount] = useState(0);",
      '  return <button style={{ color: "red" }} onClick={() => setCount(count + "1")}>{count}</button>;',
      "}",
    ].join("\n");
    const [error, ...rest] = check({ "App.tsx": app }, true);
    expect(rest).toEqual([]);
    expect(error?.line).toBe(4);
    expect(error?.message).toContain(
      "not assignable to parameter of type 'SetStateAction<number>'",
    );
    expect(check({ "App.tsx": app.replace('count + "1"', "count + 1") }, true)).toEqual([]);
  });

  it("gives JavaScript files their syntax errors only", () => {
    expect(check({ "index.js": "let x = 1;\nx = 'text';\n" })).toEqual([]);
    const [error] = check({ "index.js": "let x = ;\n" });
    expect([error?.line, error?.column, error?.message]).toEqual([1, 9, "Expression expected."]);
  });

  it("reuses what it parsed: a second check of the same program answers the same", () => {
    const files = { "index.ts": "let planet: string = 42;\n" };
    expect(check(files)).toEqual(check(files));
  });
});
