/** Builds the runners' request (packages/contracts runner.ts) for a lesson and the learner's files. */
import type { Lesson, RunRequest } from "@lumen/contracts";

export interface LessonRunFile {
  name: string;
  content: string;
}

/**
 * Run and Check both send every file (hidden and read-only ones too: they run); Check adds the
 * lesson's checks. SQL lessons start from their seed on every run. Check never waits on the
 * learner: it sends an empty stdin, so input() answers empty lines as it does on the server.
 */
export function buildRunRequest(
  lesson: Pick<Lesson, "codeLanguage" | "checks" | "seed" | "requires">,
  files: LessonRunFile[],
  options: { withChecks: boolean },
): RunRequest {
  return {
    language: lesson.codeLanguage,
    files: files.map(({ name, content }) => ({ name, content })),
    checks: options.withChecks && lesson.checks ? lesson.checks : undefined,
    seed: lesson.codeLanguage === "sql" ? lesson.seed : undefined,
    ...(options.withChecks ? { stdin: [] } : {}),
    // What the lesson requires beyond its checks (no type errors, valid HTML) is checked on Check.
    ...(options.withChecks && lesson.requires?.length ? { requires: lesson.requires } : {}),
  };
}

/** The first failing check's message: what the learner should fix next. */
export function firstFailure(result: {
  status: string;
  tests: Array<{ status: string; message?: string; name: string }>;
  error?: { message: string };
}): string | undefined {
  const failed = result.tests.find((t) => t.status === "failed");
  if (failed) return failed.message ?? failed.name;
  if (result.error) return result.error.message;
  if (result.status === "timeout") return "Your code ran until the time limit.";
  return undefined;
}
