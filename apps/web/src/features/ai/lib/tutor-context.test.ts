import type { RunResult } from "@lumen/contracts";
import { tutorMessageBodySchema } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { lastRunOf, tutorContext } from "./tutor-context.ts";

const failed = {
  status: "failed",
  durationMs: 12,
  console: [{ stream: "stdout", text: "7" }],
  tests: [
    { name: "prints 8", status: "failed", message: "Line 2 prints 7", expected: "8", actual: "7" },
    { name: "uses print", status: "passed" },
  ],
} as unknown as RunResult;

describe("tutor context", () => {
  it("carries the failing checks' messages and the console", () => {
    expect(lastRunOf(failed)).toEqual({
      passed: false,
      output: "7",
      failingChecks: ["prints 8: Line 2 prints 7: expected 8, got 7"],
    });
  });

  it("makes a body the contract accepts, trimmed to its limits", () => {
    const context = tutorContext({
      place: { trackId: 1, tutorialId: 2, chapterId: 3, lessonId: 4 },
      files: [{ name: "main.py", content: "x".repeat(200_000) }],
      result: { ...failed, console: [{ stream: "stdout", text: "y".repeat(20_000) }] } as RunResult,
      hintsShown: 99,
    });
    const parsed = tutorMessageBodySchema.safeParse({ ...context, message: "Why?" });
    expect(parsed.success).toBe(true);
    expect(context.hintsShown).toBe(50);
  });

  it("carries a choice or fill-in lesson's answer, trimmed, and no files or run", () => {
    const context = tutorContext({
      place: { trackId: 1, tutorialId: 2, chapterId: 3, lessonId: 4 },
      files: [],
      result: undefined,
      hintsShown: 0,
      answer: `let lives = "three"; ${"z".repeat(3000)}`,
    });
    expect(context.answer?.startsWith('let lives = "three";')).toBe(true);
    expect(context.answer).toHaveLength(2000);
    expect(context.lastRun).toBeUndefined();
    expect(tutorMessageBodySchema.safeParse({ ...context, message: "Why?" }).success).toBe(true);
  });

  it("sends no last run before the first run", () => {
    expect(lastRunOf(undefined)).toBeUndefined();
  });
});
