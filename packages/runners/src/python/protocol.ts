/**
 * The messages between a Python runner and its worker, in the browser and in Node: the job the
 * host sends, and the outcome the Python harness answers (zod-checked on the host's side).
 */
import { runErrorSchema, testResultSchema } from "@lumen/contracts";
import { z } from "zod";

/**
 * How input() gets a line once the request's stdin runs out: "empty" answers "" (Node);
 * "stdin" blocks on the page through Atomics (browser, cross-origin isolated); "ask" stops the
 * run so the page can ask and run again with the answer (browser fallback).
 */
export const inputModeSchema = z.enum(["empty", "stdin", "ask"]);
export type InputMode = z.infer<typeof inputModeSchema>;

export const pythonJobSchema = z.object({
  files: z.array(z.object({ name: z.string(), content: z.string() })),
  entry: z.string().optional(),
  checks: z.string().optional(),
  stdin: z.array(z.string()),
  inputMode: inputModeSchema,
  maxOutputChars: z.number().int().positive(),
});
export type PythonJob = z.infer<typeof pythonJobSchema>;

export const pythonOutcomeSchema = z.object({
  tests: z.array(testResultSchema),
  error: z.optional(runErrorSchema),
  /** Output went past the budget and was cut. */
  cut: z.boolean(),
  /** The run was interrupted (time limit or stop). */
  interrupted: z.boolean(),
  /** input() had no answer: the prompt to show before running again ("ask" mode). */
  needInput: z.string().optional(),
});
export type PythonOutcome = z.infer<typeof pythonOutcomeSchema>;

/** Memory a learner's program may use; past it, Python raises MemoryError. */
export const PYTHON_MEMORY_CAP_BYTES = 512 * 1024 * 1024;
