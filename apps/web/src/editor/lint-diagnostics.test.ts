import { ensureSyntaxTree } from "@codemirror/language";
import { EditorState, Text } from "@codemirror/state";
import type { TypeDiagnostic } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { loadLanguage } from "./languages.ts";
import {
  javascriptSyntaxDiagnostic,
  lineColumnRange,
  moduleAsScriptBody,
  pythonLintDiagnostics,
  typeLintDiagnostics,
} from "./lint-diagnostics.ts";

const doc = (text: string) => Text.of(text.split("\n"));

async function jsState(text: string) {
  const { support } = await loadLanguage("javascript");
  const state = EditorState.create({ doc: text, extensions: support });
  ensureSyntaxTree(state, state.doc.length, 5_000);
  return state;
}

/** What the syntax worker does (js-syntax.worker.ts), here in Node's V8. */
function engineParse(body: string): string | null {
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
    body: string,
  ) => unknown;
  try {
    new AsyncFunction(`"use strict";${body}`);
    return null;
  } catch (error) {
    return error instanceof SyntaxError ? error.message : null;
  }
}

describe("lineColumnRange", () => {
  const text = doc('print("Hello"\nx = 1');

  it("maps Python's 1-based line and columns to offsets", () => {
    expect(lineColumnRange(text, { line: 1, column: 6, endLine: 1, endColumn: 7 })).toEqual({
      from: 5,
      to: 6,
    });
  });

  it("takes an end column of 0 as the end of the line", () => {
    expect(lineColumnRange(text, { line: 2, column: 1, endLine: 2, endColumn: 0 })).toEqual({
      from: 14,
      to: 19,
    });
  });

  it("clamps places past the file to its last line", () => {
    const range = lineColumnRange(text, { line: 9, column: 40, endLine: 9, endColumn: 41 });
    expect(range.from).toBe(text.length);
    expect(range.to).toBe(text.length);
  });
});

describe("pythonLintDiagnostics", () => {
  it("marks the place with Python's own words", () => {
    const [mark] = pythonLintDiagnostics(doc('print("Hello"'), [
      {
        severity: "error",
        message: "SyntaxError: '(' was never closed",
        line: 1,
        column: 6,
        endLine: 1,
        endColumn: 7,
      },
    ]);
    expect(mark).toEqual({
      from: 5,
      to: 6,
      severity: "error",
      source: "Python",
      message: "SyntaxError: '(' was never closed",
    });
  });
});

describe("typeLintDiagnostics", () => {
  const found: TypeDiagnostic[] = [
    {
      file: "index.ts",
      from: 4,
      to: 10,
      line: 1,
      column: 5,
      message: "Type 'number' is not assignable to type 'string'.",
      severity: "error",
      code: 2322,
    },
    {
      file: "index.ts",
      from: 20,
      to: 99,
      line: 1,
      column: 21,
      message: "';' expected.",
      severity: "error",
      code: 1005,
    },
    {
      file: "other.ts",
      from: 0,
      to: 1,
      line: 1,
      column: 1,
      message: "Elsewhere.",
      severity: "warning",
      code: 2000,
    },
  ];
  const text = doc("let planet: string = 42;");

  it("keeps this file's diagnostics, clamped to it", () => {
    const marks = typeLintDiagnostics(text, found, "index.ts", false);
    expect(marks.map((m) => [m.from, m.to, m.source])).toEqual([
      [4, 10, "TypeScript"],
      [20, 24, "TypeScript"],
    ]);
  });

  it("keeps syntax errors only for JavaScript", () => {
    const marks = typeLintDiagnostics(text, found, "index.ts", true);
    expect(marks.map((m) => m.message)).toEqual(["';' expected."]);
    expect(marks[0]?.source).toBe("JavaScript");
  });
});

describe("moduleAsScriptBody", () => {
  it("turns a module into a body the engine parses, every place kept", async () => {
    const text = [
      'import { students } from "./students.js";',
      "export const total = students.length;",
      "export function average(list) { return total / list.length; }",
      "export { total as count };",
      "export default average;",
      "await Promise.resolve(1);",
    ].join("\n");
    const body = moduleAsScriptBody(await jsState(text));
    expect(body).toHaveLength(text.length);
    expect(body.split("\n").map((line) => line.trim())).toEqual([
      "",
      "const total = students.length;",
      "function average(list) { return total / list.length; }",
      "",
      "void           average;",
      "await Promise.resolve(1);",
    ]);
    expect(engineParse(body)).toBeNull();
  });

  it("leaves the syntax errors for the engine to report", async () => {
    const body = moduleAsScriptBody(await jsState('console.log("Hello";'));
    expect(engineParse(body)).toBe("missing ) after argument list");
  });

  it("parses in strict mode, as modules do", () => {
    expect(engineParse("with (Math) { max(1, 2); }")).toMatch(/Strict mode/);
  });
});

describe("javascriptSyntaxDiagnostic", () => {
  it("puts the engine's message where the editor's parse stopped", async () => {
    const state = await jsState('const a = 1;\nconsole.log("Hello";\n');
    const mark = javascriptSyntaxDiagnostic(state, "missing ) after argument list");
    expect(mark.message).toBe("SyntaxError: missing ) after argument list");
    expect(state.doc.lineAt(mark.from).number).toBe(2);
  });

  it("finds the second declaration of a name declared twice", async () => {
    const state = await jsState("let planet = 1;\nlet planet = 2;\nconsole.log(planet);");
    const mark = javascriptSyntaxDiagnostic(state, "Identifier 'planet' has already been declared");
    expect(state.sliceDoc(mark.from, mark.to)).toBe("planet");
    expect(state.doc.lineAt(mark.from).number).toBe(2);
  });

  it("falls back to the first line when nothing points at a place", async () => {
    const state = await jsState("function f() { await g(); }\nf();");
    const mark = javascriptSyntaxDiagnostic(state, "await is only valid in async functions");
    expect([mark.from, mark.to]).toEqual([0, state.doc.line(1).to]);
  });
});
