/**
 * The lesson context the tutor is sent with each message (contracts tutorMessageBodySchema): the
 * learner's current files, the last run's result with its failing check messages, and the hints
 * already opened. Trimmed to the contract's limits here so a long console never fails a send.
 */
import type { RunResult, TutorLastRun, TutorMessageBody } from "@lumen/contracts";

const MAX_OUTPUT = 8000;
const MAX_CHECK = 1000;
const MAX_CHECKS = 20;
const MAX_FILES = 20;
const MAX_FILE = 100_000;

export type TutorContext = Omit<TutorMessageBody, "conversationId" | "message">;

export function lastRunOf(result: RunResult | undefined): TutorLastRun | undefined {
  if (!result) return undefined;
  const output = [
    ...result.console.map((entry) => entry.text),
    ...(result.error ? [result.error.message] : []),
  ]
    .join("\n")
    .slice(-MAX_OUTPUT);
  const failingChecks = result.tests
    .filter((test) => test.status === "failed")
    .map((test) =>
      [
        test.name,
        test.message,
        test.expected !== undefined ? `expected ${test.expected}, got ${test.actual}` : "",
      ]
        .filter(Boolean)
        .join(": ")
        .slice(0, MAX_CHECK),
    )
    .slice(0, MAX_CHECKS);
  return {
    passed: result.status === "passed",
    ...(output ? { output } : {}),
    ...(failingChecks.length > 0 ? { failingChecks } : {}),
  };
}

/** The lesson as it stands, before it is trimmed to the contract (what a lesson screen hands over). */
export interface LessonState {
  place: { trackId: number; tutorialId: number; chapterId: number; lessonId: number };
  files: Array<{ name: string; content: string }>;
  result: RunResult | undefined;
  hintsShown: number;
  /** A choice or fill-in lesson: the learner's answer as they gave it (the choice's text). */
  answer?: string;
}

const MAX_ANSWER = 2000;

export function tutorContext(options: LessonState): TutorContext {
  const lastRun = lastRunOf(options.result);
  return {
    ...options.place,
    files: options.files
      .slice(0, MAX_FILES)
      .map(({ name, content }) => ({ name, content: content.slice(0, MAX_FILE) })),
    ...(lastRun ? { lastRun } : {}),
    ...(options.answer ? { answer: options.answer.slice(0, MAX_ANSWER) } : {}),
    hintsShown: Math.min(50, Math.max(0, options.hintsShown)),
  };
}
