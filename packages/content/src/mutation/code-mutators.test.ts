import { describe, expect, it } from "vitest";
import {
  dropLineChanges,
  literalChanges,
  offByOneChanges,
  operatorChanges,
  printNotReturnChanges,
  programChanges,
} from "./code-mutators.ts";

const contents = (changes: Array<{ content: string }>) => changes.map((c) => c.content);

describe("literalChanges", () => {
  it("puts a number one up and swaps a string's first letter's case", () => {
    expect(contents(literalChanges('age = 12\nprint("Hi")', "python"))).toEqual([
      'age = 13\nprint("Hi")',
      'age = 12\nprint("hi")',
    ]);
    expect(literalChanges("x = 1.5", "python")[0]?.content).toBe("x = 2");
  });

  it("leaves imports, prompts and f-string fields alone", () => {
    expect(literalChanges('import math\nname = input("Name: ")', "python")).toEqual([]);
    expect(literalChanges('print(f"{name}")', "python")).toEqual([]);
  });

  it("names the line and shows a one-line diff", () => {
    const [change] = literalChanges("let n = 0;", "javascript");
    expect(change).toMatchObject({
      mutator: "literal",
      line: 1,
      diff: "- let n = 0; + let n = 1;",
    });
  });
});

describe("dropLineChanges", () => {
  it("replaces a Python statement with pass, never a block header", () => {
    const text = "for i in range(3):\n    print(i)";
    expect(contents(dropLineChanges(text, "python"))).toEqual(["for i in range(3):\n    pass"]);
  });

  it("removes a JavaScript statement, never a declaration or a closing brace", () => {
    const text = "let n = 0;\nn += 1;\nconsole.log(n);\n}";
    expect(contents(dropLineChanges(text, "javascript"))).toEqual([
      "let n = 0;\nconsole.log(n);\n}",
      "let n = 0;\nn += 1;\n}",
    ]);
  });
});

describe("operatorChanges", () => {
  it("swaps +/-, </<=, ==/!= and and/or outside strings", () => {
    expect(contents(operatorChanges('if a < b and c == "x + y":', "python"))).toEqual([
      'if a < b and c != "x + y":',
      'if a <= b and c == "x + y":',
      'if a < b or c == "x + y":',
    ]);
    expect(contents(operatorChanges("const ok = a >= 1 && b === 2;", "javascript"))).toEqual([
      "const ok = a > 1 && b === 2;",
      "const ok = a >= 1 && b !== 2;",
      "const ok = a >= 1 || b === 2;",
    ]);
  });

  it("does not read arrows, markup or type arguments as comparisons", () => {
    expect(operatorChanges("const f = (x) => x;", "javascript")).toEqual([]);
    expect(operatorChanges("const a: Array<string> = [];", "javascript")).toEqual([]);
    expect(operatorChanges("  return <p>{n}</p>;", "javascript")).toEqual([]);
    expect(operatorChanges("          - $10", "javascript")).toEqual([]);
  });
});

describe("offByOneChanges", () => {
  it("shifts a Python range by one", () => {
    expect(contents(offByOneChanges("for i in range(5):", "python"))).toEqual([
      "for i in range(5 - 1):",
    ]);
    expect(contents(offByOneChanges("for i in range(1, len(xs)):", "python"))).toEqual([
      "for i in range(1 + 1, len(xs)):",
    ]);
  });

  it("starts a JavaScript loop at 1 or stops it one short", () => {
    expect(
      contents(offByOneChanges("for (let i = 0; i < xs.length; i++) {", "javascript")),
    ).toEqual([
      "for (let i = 1; i < xs.length; i++) {",
      "for (let i = 0; i < xs.length - 1; i++) {",
    ]);
  });
});

describe("printNotReturnChanges", () => {
  it("prints the value a function returned", () => {
    expect(contents(printNotReturnChanges("def f(x):\n    return x * 2", "python"))).toEqual([
      "def f(x):\n    print(x * 2)",
    ]);
    expect(contents(printNotReturnChanges("  return a + b;", "javascript"))).toEqual([
      "  console.log(a + b);",
    ]);
  });

  it("leaves a component's returned markup alone", () => {
    expect(printNotReturnChanges("  return (", "javascript")).toEqual([]);
    expect(printNotReturnChanges("  return <p>Hi</p>;", "javascript")).toEqual([]);
  });
});

describe("programChanges", () => {
  it("gathers every mutator's changes and is deterministic", () => {
    const text = "def total(xs):\n    s = 0\n    for x in xs:\n        s = s + x\n    return s";
    const first = programChanges(text, "python");
    expect(new Set(first.map((c) => c.mutator))).toEqual(
      new Set(["literal", "drop-line", "operator", "print-not-return"]),
    );
    expect(programChanges(text, "python")).toEqual(first);
  });
});
