/**
 * The runners' result contract (issue 4): every runtime, in the browser and on the server,
 * answers a run with this shape, and the lesson screen and the API read only this.
 */
import { CODE_LANGUAGES, DISPLAY_LANGUAGES } from "@lumen/core";
import { z } from "./zod.ts";

// The language lists are core's rules (spec section 3); the contract names them as schemas.
export { CODE_LANGUAGES, DISPLAY_LANGUAGES };
export const codeLanguageSchema = z.enum(CODE_LANGUAGES);
export type CodeLanguage = z.infer<typeof codeLanguageSchema>;

export const runFileSchema = z.object({
  name: z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(100),
      z.regex(
        /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/,
        "a file name uses letters, digits, . _ - and /",
      ),
    ),
  content: z.string(),
});
export type RunFile = z.infer<typeof runFileSchema>;

/** The most files one run takes (a lesson's own files included). */
export const MAX_RUN_FILES = 20;

/** Files a learner posts to be saved or previewed (spec section 3: content travels as userContent). */
export const postedFilesBodySchema = z.object({
  files: z
    .array(z.object({ name: runFileSchema.shape.name, userContent: z.string() }))
    .check(z.minLength(1), z.maxLength(MAX_RUN_FILES)),
});
export type PostedFilesBody = z.infer<typeof postedFilesBodySchema>;

/**
 * What a lesson may require beyond its own checks (docs/content-format.md, `requires:`):
 * no-type-errors (TypeScript and TSX: the compiler reports nothing), valid-html (HTML and CSS:
 * the page parses without the errors a browser would repair silently).
 */
export const LESSON_REQUIREMENTS = ["no-type-errors", "valid-html"] as const;
export const lessonRequirementSchema = z.enum(LESSON_REQUIREMENTS);
export type LessonRequirement = z.infer<typeof lessonRequirementSchema>;

export const runRequestSchema = z.object({
  /** Which runtime: the lesson's codeLanguage. css lessons run as html pages. */
  language: codeLanguageSchema,
  files: z.array(runFileSchema).check(z.minLength(1), z.maxLength(MAX_RUN_FILES)),
  /** The file that runs first; defaults to the runtime's usual entry (main.py, index.html, ...). */
  entry: z.optional(z.string()),
  /** The lesson's check code (issue 5's format); absent for a plain Run. */
  checks: z.optional(z.string()),
  /** SQL lessons: the seed database as SQL statements; every run starts from it. */
  seed: z.optional(z.string()),
  /** Lines answered to input(), in order. When they run out, input() gets an empty line. */
  stdin: z.optional(z.array(z.string())),
  timeoutMs: z.optional(z.number().check(z.int(), z.gte(100), z.lte(30_000))),
  /** Checks the runner adds before the lesson's own (a Check sends the lesson's requires). */
  requires: z.optional(z.array(lessonRequirementSchema).check(z.maxLength(4))),
});
export type RunRequest = z.infer<typeof runRequestSchema>;

export const consoleEntrySchema = z.object({
  stream: z.enum(["stdout", "stderr", "info"]),
  text: z.string(),
});
export type ConsoleEntry = z.infer<typeof consoleEntrySchema>;

export const resultTableSchema = z.object({
  /** The statement that produced the table, as the learner wrote it. */
  statement: z.optional(z.string()),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});
export type ResultTable = z.infer<typeof resultTableSchema>;

export const runOutputSchema = z.discriminatedUnion("kind", [
  /** A page to show in the preview frame: the full document, linked files inlined. */
  z.object({ kind: z.literal("html"), html: z.string() }),
  z.object({ kind: z.literal("table"), tables: z.array(resultTableSchema) }),
  z.object({ kind: z.literal("text"), text: z.string() }),
]);
export type RunOutput = z.infer<typeof runOutputSchema>;

export const testResultSchema = z.object({
  name: z.string(),
  status: z.enum(["passed", "failed"]),
  message: z.optional(z.string()),
  expected: z.optional(z.string()),
  actual: z.optional(z.string()),
});
export type TestResult = z.infer<typeof testResultSchema>;

/** Where a learner's error happened: their file and line, never our wrapper's. */
export const runErrorSchema = z.object({
  message: z.string(),
  file: z.optional(z.string()),
  line: z.optional(z.number().check(z.int())),
  column: z.optional(z.number().check(z.int())),
});
export type RunError = z.infer<typeof runErrorSchema>;

/**
 * A compiler's report on one place of the learner's file (TypeScript and TSX lessons): from/to
 * are character offsets in `file`, line and column count from 1.
 */
export const typeDiagnosticSchema = z.object({
  file: z.string(),
  from: z.number().check(z.int(), z.nonnegative()),
  to: z.number().check(z.int(), z.nonnegative()),
  line: z.number().check(z.int(), z.positive()),
  column: z.number().check(z.int(), z.positive()),
  message: z.string(),
  severity: z.enum(["error", "warning"]),
  code: z.number().check(z.int()),
});
export type TypeDiagnostic = z.infer<typeof typeDiagnosticSchema>;

export const runResultSchema = z.object({
  /**
   * passed: ran, and every check passed (or there were no checks); failed: ran, a check failed;
   * error: the code raised or did not compile; timeout: stopped at the time limit.
   */
  status: z.enum(["passed", "failed", "error", "timeout"]),
  durationMs: z.number().check(z.nonnegative()),
  console: z.array(consoleEntrySchema),
  output: z.optional(runOutputSchema),
  tests: z.array(testResultSchema),
  error: z.optional(runErrorSchema),
  /**
   * TypeScript and TSX: what the compiler reported before the code ran, in the learner's files
   * (the code runs anyway, as tsc emits anyway; a lesson that requires no type errors fails).
   */
  diagnostics: z.optional(z.array(typeDiagnosticSchema)),
});
export type RunResult = z.infer<typeof runResultSchema>;

/** `GET .../savedFiles`: each lesson's saved files of the chapter (spec section 3). */
export const savedFilesAnswerSchema = z.object({
  savedFiles: z.array(
    z.object({
      lessonId: z.number(),
      files: z.array(z.object({ name: z.string(), content: z.string() })),
    }),
  ),
});
export type SavedFilesAnswer = z.infer<typeof savedFilesAnswerSchema>;
