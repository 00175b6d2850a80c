/**
 * The type checker every TypeScript and TSX lesson uses, in the browser's compiler worker and in
 * the server's checker thread: the learner's files in a virtual file system beside the lib files
 * (ES2022, the DOM, React's types for TSX), checked with TypeScript's own compiler API. Lib files
 * are parsed once and kept, and each check reuses the previous program, so only the first check
 * of a worker pays for reading the DOM's types.
 *
 * Takes the compiler as an argument, so that the browser bundle and Node each load it their way.
 */
import type { TypeDiagnostic } from "@lumen/contracts";
import type * as TS from "typescript";

export type { TypeDiagnostic } from "@lumen/contracts";

export interface TypeCheckInput {
  files: { name: string; content: string }[];
  /** Whether the lesson renders with React (TSX): JSX is compiled and React's types are loaded. */
  jsx: boolean;
}

/** The files the compiler reads besides the learner's, by path from the virtual root ("/"). */
export type LibFiles = Record<string, string>;

/** Where the learner's files sit: the virtual root, so `./util` resolves beside index.ts. */
const ROOT = "/";
const LIB_DIR = "/lib/";

const TYPED = /\.(ts|tsx|mts|cts)$/;
const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

export function isTypeScriptFile(name: string): boolean {
  return TYPED.test(name) && !name.endsWith(".d.ts");
}

export interface TypeChecker {
  /** Diagnostics of every learner file, in file order then position. */
  check(input: TypeCheckInput): TypeDiagnostic[];
}

export function createTypeChecker(ts: typeof TS, libFiles: LibFiles): TypeChecker {
  const options = (jsx: boolean): TS.CompilerOptions => ({
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    // Every file is a module: a learner's `let name` never clashes with the DOM's global `name`.
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowJs: true,
    checkJs: false,
    allowImportingTsExtensions: true,
    esModuleInterop: true,
    // The page runtime also puts React on the page, as the React lessons' older examples use it.
    allowUmdGlobalAccess: true,
    jsx: jsx ? ts.JsxEmit.ReactJSX : ts.JsxEmit.Preserve,
  });

  /** Lib files parsed once per worker: they never change, and the DOM's take the longest. */
  const libCache = new Map<string, TS.SourceFile>();
  let previous: TS.Program | undefined;

  function check(input: TypeCheckInput): TypeDiagnostic[] {
    const learner = new Map(input.files.map((f) => [ROOT + f.name, f.content]));
    const jsx = input.jsx || input.files.some((f) => /\.(tsx|jsx)$/.test(f.name));
    const compilerOptions = options(jsx);

    const textOf = (fileName: string): string | undefined =>
      learner.get(fileName) ?? libFiles[fileName];
    const directories = new Set<string>();
    for (const name of [...learner.keys(), ...Object.keys(libFiles)]) {
      for (let i = name.indexOf("/", 1); i !== -1; i = name.indexOf("/", i + 1)) {
        directories.add(name.slice(0, i));
      }
    }

    const host: TS.CompilerHost = {
      getSourceFile(fileName, languageVersion) {
        const text = textOf(fileName);
        if (text === undefined) return undefined;
        if (learner.has(fileName)) return ts.createSourceFile(fileName, text, languageVersion);
        const key = `${fileName}:${JSON.stringify(languageVersion)}`;
        let file = libCache.get(key);
        if (!file) {
          file = ts.createSourceFile(fileName, text, languageVersion);
          libCache.set(key, file);
        }
        return file;
      },
      // JSDoc changes no type error in TypeScript files: skipping it parses the DOM's lib about
      // four times faster (TypeScript 5.3's option, as tsc --build uses it).
      jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeErrors,
      getDefaultLibFileName: () => `${LIB_DIR}lib.d.ts`,
      getDefaultLibLocation: () => LIB_DIR.slice(0, -1),
      writeFile: () => {},
      getCurrentDirectory: () => ROOT,
      getCanonicalFileName: (fileName) => fileName,
      useCaseSensitiveFileNames: () => true,
      getNewLine: () => "\n",
      fileExists: (fileName) => textOf(fileName) !== undefined,
      readFile: textOf,
      directoryExists: (name) => name === ROOT || directories.has(name.replace(/\/$/, "")),
      getDirectories: () => [],
      realpath: (name) => name,
    };

    const roots = [...learner.keys()].filter((name) => SCRIPT.test(name));
    const program = ts.createProgram({
      rootNames: roots,
      options: compilerOptions,
      host,
      oldProgram: previous,
    });
    previous = program;

    const found: TypeDiagnostic[] = [];
    for (const fileName of roots) {
      const source = program.getSourceFile(fileName);
      if (!source) continue;
      const syntactic = program.getSyntacticDiagnostics(source);
      // JavaScript gets its syntax checked only: its lessons teach no types.
      const semantic = isTypeScriptFile(fileName) ? program.getSemanticDiagnostics(source) : [];
      const seen = new Set<string>();
      const own: TypeDiagnostic[] = [];
      for (const diagnostic of [...syntactic, ...semantic]) {
        const shaped = shape(ts, diagnostic, source);
        if (!shaped) continue;
        const key = `${shaped.from}:${shaped.code}:${shaped.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        own.push(shaped);
      }
      own.sort((a, b) => a.from - b.from || a.to - b.to);
      found.push(...own);
    }
    return found;
  }

  return { check };
}

function shape(
  ts: typeof TS,
  diagnostic: TS.Diagnostic,
  source: TS.SourceFile,
): TypeDiagnostic | undefined {
  if (
    diagnostic.category !== ts.DiagnosticCategory.Error &&
    diagnostic.category !== ts.DiagnosticCategory.Warning
  ) {
    return undefined;
  }
  const from = Math.min(diagnostic.start ?? 0, source.text.length);
  const to = Math.min(from + (diagnostic.length ?? 0), source.text.length);
  const { line, character } = source.getLineAndCharacterOfPosition(from);
  return {
    file: source.fileName.slice(ROOT.length),
    from,
    to,
    line: line + 1,
    column: character + 1,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
    severity: diagnostic.category === ts.DiagnosticCategory.Warning ? "warning" : "error",
    code: diagnostic.code,
  };
}
