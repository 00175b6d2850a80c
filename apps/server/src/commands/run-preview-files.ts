/**
 * Runs a course engineer's files for a lesson on the server's runners (POST /v1/preview/...
 * /runfiles) with the lesson's own checks and seed, and answers the runners' result contract.
 * The posted files replace the lesson's files of the same name; the lesson's other files
 * (read-only and hidden ones included) run as published, as they do for a learner.
 */
import type { Lesson, RunResult } from "@lumen/contracts";
import { errors } from "../errors.ts";
import type { PreviewRunners } from "./preview-runners.ts";

export interface RunPreviewFilesOptions {
  runners: PreviewRunners;
  lesson: Lesson;
  files: Array<{ name: string; content: string }>;
}

/** The runners' file limit (runRequestSchema). */
const MAX_FILES = 20;

export async function runPreviewFiles({
  runners,
  lesson,
  files,
}: RunPreviewFilesOptions): Promise<RunResult> {
  const base = lesson.executableContent.files.length
    ? lesson.executableContent.files
    : (lesson.example ?? []);
  const merged = new Map(base.map((f) => [f.name, f.content]));
  for (const file of files) merged.set(file.name, file.content);
  if (merged.size === 0) throw errors.validation(`Lesson ${lesson.id} has no files to run.`);
  if (merged.size > MAX_FILES)
    throw errors.validation(`files: a run takes at most ${MAX_FILES} files.`);
  return runners.run({
    language: lesson.codeLanguage,
    files: [...merged].map(([name, content]) => ({ name, content })),
    ...(lesson.checks ? { checks: lesson.checks } : {}),
    ...(lesson.seed ? { seed: lesson.seed } : {}),
  });
}
