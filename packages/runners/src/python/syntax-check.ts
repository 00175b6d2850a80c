/**
 * Python's own verdict on a learner's file, without running it: `compile()` parses and compiles
 * the source (so errors found after parsing, like `return` outside a function, count too) and the
 * editor's lint shows what it says, as the runtime would say it. Warnings Python raises while
 * compiling (an invalid escape sequence) come back as warnings.
 */
import { z } from "zod";

export const pythonDiagnosticSchema = z.object({
  severity: z.enum(["error", "warning"]),
  /** As Python prints it: "SyntaxError: '(' was never closed". */
  message: z.string(),
  /** 1-based, as Python counts; the end may be missing (0) or past the file: clamp before use. */
  line: z.number().int(),
  column: z.number().int(),
  endLine: z.number().int(),
  endColumn: z.number().int(),
});
export type PythonDiagnostic = z.infer<typeof pythonDiagnosticSchema>;

export const pythonDiagnosticsSchema = z.array(pythonDiagnosticSchema);

/**
 * Defines `check(source, name)`, which answers a JSON list of diagnostics. It lives in a namespace
 * of its own, holds its own references to compile and warnings (a learner's program that rebinds
 * them changes nothing here), and prints nothing: the warnings it records never reach stderr,
 * where they would land in the learner's next run.
 */
export const SYNTAX_CHECK_SOURCE = `
import json as _json
import warnings as _warnings

def check(source, name, _compile=compile, _json=_json, _warnings=_warnings):
    found = []
    with _warnings.catch_warnings(record=True) as caught:
        _warnings.simplefilter("always")
        try:
            _compile(source, name, "exec", dont_inherit=True)
        except SyntaxError as error:
            line = error.lineno or 1
            column = error.offset or 1
            found.append({
                "severity": "error",
                "message": type(error).__name__ + ": " + str(error.msg or "invalid syntax"),
                "line": line,
                "column": column,
                "endLine": error.end_lineno or line,
                "endColumn": error.end_offset or 0,
            })
        except (ValueError, MemoryError, RecursionError, OverflowError) as error:
            found.append({
                "severity": "error",
                "message": type(error).__name__ + ": " + str(error),
                "line": 1, "column": 1, "endLine": 1, "endColumn": 0,
            })
    for warning in caught:
        if not issubclass(warning.category, SyntaxWarning):
            continue
        line = warning.lineno or 1
        found.append({
            "severity": "warning",
            "message": warning.category.__name__ + ": " + str(warning.message),
            "line": line, "column": 1, "endLine": line, "endColumn": 0,
        })
    return _json.dumps(found)
`;

/** The worker's answer to a `syntax` message: undefined when Python could not tell. */
export const syntaxAnswerSchema = z.object({
  type: z.literal("syntax"),
  id: z.number(),
  diagnostics: pythonDiagnosticsSchema.optional(),
});

/** What the page sends the worker: one file to compile. */
export const syntaxRequestSchema = z.object({
  type: z.literal("syntax"),
  id: z.number(),
  source: z.string(),
  name: z.string(),
});
