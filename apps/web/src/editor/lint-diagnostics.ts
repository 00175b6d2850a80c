/**
 * Turns what a runtime or compiler says about a learner's file into the editor's lint marks:
 * Python's compile() (line and column), TypeScript's diagnostics (offsets), and the JavaScript
 * engine's parse (a message without a place: the place comes from the editor's own parse).
 * Positions from outside are clamped to the file as it is now.
 */
import { ensureSyntaxTree } from "@codemirror/language";
import type { Diagnostic } from "@codemirror/lint";
import type { EditorState, Text } from "@codemirror/state";
import type { TypeDiagnostic } from "@lumen/contracts";
import type { PythonDiagnostic } from "@lumen/runners/browser";

/** Python's 1-based line and column (end column 0: to the end of the line), clamped. */
export function lineColumnRange(
  doc: Text,
  at: { line: number; column: number; endLine: number; endColumn: number },
): { from: number; to: number } {
  const clampLine = (n: number) => doc.line(Math.min(Math.max(1, n), doc.lines));
  const start = clampLine(at.line);
  const from = start.from + Math.min(Math.max(0, at.column - 1), start.length);
  const end = clampLine(Math.max(at.endLine, at.line));
  let to = at.endColumn > 0 ? end.from + Math.min(at.endColumn - 1, end.length) : end.to;
  if (to <= from) to = Math.min(from + 1, start.to);
  return { from, to: Math.max(from, to) };
}

export function pythonLintDiagnostics(doc: Text, found: PythonDiagnostic[]): Diagnostic[] {
  return found.map((d) => ({
    ...lineColumnRange(doc, d),
    severity: d.severity,
    source: "Python",
    message: d.message,
  }));
}

/**
 * The compiler's diagnostics for this file; `syntaxOnly` keeps the syntax errors alone
 * (TypeScript numbers those below 2000), for JavaScript, which is not type-checked.
 */
export function typeLintDiagnostics(
  doc: Text,
  found: TypeDiagnostic[],
  file: string,
  syntaxOnly: boolean,
): Diagnostic[] {
  return found
    .filter((d) => d.file === file && (!syntaxOnly || d.code < 2000))
    .map((d) => {
      const from = Math.min(Math.max(0, d.from), doc.length);
      const to = Math.min(Math.max(from, d.to), doc.length);
      return {
        from,
        to,
        severity: d.severity,
        source: syntaxOnly ? "JavaScript" : "TypeScript",
        message: d.message,
      };
    });
}

/**
 * The file as a script body the engine can parse with `new AsyncFunction`: import declarations
 * blanked and `export` keywords dropped, every other character where it was (modules are
 * strict, so the worker parses in strict mode).
 */
export function moduleAsScriptBody(state: EditorState): string {
  const text = state.doc.toString();
  const tree = ensureSyntaxTree(state, state.doc.length, 1_000);
  if (!tree) return text;
  const chars = [...text];
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (chars[i] !== "\n") chars[i] = " ";
  };
  // Offsets count UTF-16 units; a file with characters outside the BMP is sent as it is.
  if (chars.length !== text.length) return text;
  tree.iterate({
    enter: (node) => {
      if (node.name === "ImportDeclaration") {
        blank(node.from, node.to);
        return false;
      }
      if (node.name !== "ExportDeclaration") return;
      const exportWord = node.node.firstChild;
      if (exportWord?.name !== "export") return false;
      const next = exportWord.nextSibling;
      if (next?.name === "default") {
        // `export default <expression>` becomes `void <expression>`, a statement of its own.
        chars.splice(
          node.from,
          next.to - node.from,
          ...`void${" ".repeat(next.to - node.from - 4)}`,
        );
        return;
      }
      // `export { a as b }` and `export * from "…"` only name what leaves the module.
      if (/^\s*[{*]/.test(text.slice(exportWord.to, exportWord.to + 20))) {
        blank(node.from, node.to);
        return false;
      }
      blank(exportWord.from, exportWord.to);
    },
  });
  return chars.join("");
}

/**
 * Where the engine's syntax error is: the editor's parse finds the first place it could not
 * read; a declaration twice over is found by its name; else the name the message quotes; else
 * the first line.
 */
export function javascriptSyntaxDiagnostic(state: EditorState, message: string): Diagnostic {
  const doc = state.doc;
  const at = (from: number, to: number): Diagnostic => ({
    from,
    to: Math.max(from, Math.min(to, doc.length)),
    severity: "error",
    source: "JavaScript",
    message: `SyntaxError: ${message}`,
  });
  const text = doc.toString();
  const redeclared = /^Identifier '([^']+)' has already been declared/.exec(message)?.[1];
  if (redeclared) {
    const pattern = new RegExp(
      `\\b(?:let|const|var|class|function)\\s+${redeclared.replace(/[$]/g, "\\$")}\\b`,
      "g",
    );
    const matches = [...text.matchAll(pattern)];
    const second = matches[1];
    if (second?.index !== undefined) {
      const start = second.index + second[0].length - redeclared.length;
      return at(start, start + redeclared.length);
    }
  }
  const tree = ensureSyntaxTree(state, doc.length, 1_000);
  let error: { from: number; to: number } | undefined;
  tree?.iterate({
    enter: (node) => {
      if (error) return false;
      if (node.type.isError) error = { from: node.from, to: node.to };
    },
  });
  if (error) {
    const line = doc.lineAt(error.from);
    // An error node can be empty: mark the character there, or the end of its line.
    const to = error.to > error.from ? error.to : Math.min(error.from + 1, line.to);
    return at(error.from, to);
  }
  const quoted = /'([^']+)'/.exec(message)?.[1];
  const index = quoted ? text.indexOf(quoted) : -1;
  if (quoted && index >= 0) return at(index, index + quoted.length);
  const first = doc.line(1);
  return at(first.from, first.to);
}
