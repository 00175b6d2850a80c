/**
 * What a type check adds to a run's result, the same in the browser and on the server: the
 * compiler's diagnostics, and, when the lesson requires no type errors, a check of its own placed
 * before the lesson's checks. The code runs either way, as tsc emits JavaScript despite type
 * errors: the learner sees the error first and the output below it, which is what the lessons
 * teach (types are checked before the code runs, then removed).
 */
import type { LessonRequirement, RunResult, TestResult, TypeDiagnostic } from "@lumen/contracts";

export type TypeCheckOutcome = { diagnostics: TypeDiagnostic[] } | { unavailable: string };

export const NO_TYPE_ERRORS_TEST = "No type errors";

/** The failing check's message: the first error, with its line and file, and how many there are. */
export function typeErrorMessage(errors: TypeDiagnostic[]): string {
  const [first] = errors;
  if (!first) return "";
  const detail = first.message.split("\n")[0]!.trim();
  const where = `line ${first.line} of ${first.file}`;
  const sentence = /[.!?]$/.test(detail) ? detail : `${detail}.`;
  return errors.length === 1
    ? `TypeScript reports an error on ${where}: ${sentence} Fix it so that your code has no type errors.`
    : `TypeScript reports ${errors.length} errors. The first is on ${where}: ${sentence} Fix them so that your code has no type errors.`;
}

export function noTypeErrorsTest(outcome: TypeCheckOutcome): TestResult {
  if ("unavailable" in outcome) {
    return {
      name: NO_TYPE_ERRORS_TEST,
      status: "failed",
      message: `TypeScript could not check your code (${outcome.unavailable.replace(/\.$/, "")}). Press Check again.`,
    };
  }
  const errors = outcome.diagnostics.filter((d) => d.severity === "error");
  return errors.length === 0
    ? { name: NO_TYPE_ERRORS_TEST, status: "passed" }
    : { name: NO_TYPE_ERRORS_TEST, status: "failed", message: typeErrorMessage(errors) };
}

export function withTypeCheck(
  result: RunResult,
  outcome: TypeCheckOutcome,
  requires: readonly LessonRequirement[] | undefined,
): RunResult {
  const next: RunResult = { ...result };
  if ("diagnostics" in outcome) next.diagnostics = outcome.diagnostics;
  else {
    next.console = [
      { stream: "info", text: `Types were not checked: ${outcome.unavailable}` },
      ...result.console,
    ];
  }
  if (!requires?.includes("no-type-errors")) return next;
  const test = noTypeErrorsTest(outcome);
  next.tests = [test, ...result.tests];
  if (test.status === "failed" && next.status === "passed") next.status = "failed";
  return next;
}
