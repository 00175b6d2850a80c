/**
 * The one transpiler wrapper (sucrase), shared by the JavaScript and page runners in the browser
 * and in Node. Sucrase keeps every line where it was, so a learner's error line stays theirs.
 */
import { transform } from "sucrase";

export type SourceKind = "js" | "ts" | "jsx" | "tsx";

export class TranspileError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = "SyntaxError";
  }
}

export function sourceKind(fileName: string): SourceKind | undefined {
  const ext = fileName.slice(fileName.lastIndexOf(".") + 1).toLowerCase();
  if (ext === "js" || ext === "mjs" || ext === "cjs") return "js";
  if (ext === "ts" || ext === "mts" || ext === "cts") return "ts";
  if (ext === "jsx" || ext === "tsx") return ext;
  return undefined;
}

const TRANSFORMS: Record<SourceKind, Array<"typescript" | "jsx">> = {
  js: [],
  ts: ["typescript"],
  jsx: ["jsx"],
  tsx: ["typescript", "jsx"],
};

/**
 * Turns one learner file into a classic script: TypeScript types and JSX removed, and
 * import/export turned into require/exports so that several files can run without a bundler.
 * Sucrase's "use strict" prefix is dropped: a strict script would hide the learner's top-level
 * bindings from the checks' `get(name)`.
 */
export function transpile(fileName: string, source: string, kind = sourceKind(fileName)): string {
  try {
    const { code } = transform(source, {
      transforms: [...TRANSFORMS[kind ?? "js"], "imports"],
      jsxRuntime: "automatic",
      production: true,
      filePath: fileName,
    });
    return code.startsWith('"use strict";') ? code.slice('"use strict";'.length) : code;
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const raw = error instanceof Error ? error.message : String(error);
    // Sucrase appends "(line:column)"; the learner sees the file and line separately.
    const message = raw.replace(/^Error transforming [^:]+: /, "").replace(/\s*\(\d+:\d+\)$/, "");
    throw new TranspileError(message, fileName, loc?.line, loc ? loc.column + 1 : undefined);
  }
}
