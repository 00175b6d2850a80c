/**
 * Finding a lesson in the catalog and verifying a learner's code on the server runners before a
 * completion counts (issue 7: the server is the authority). Every codeLanguage has a server
 * runner, so every code and project lesson is checked.
 */
import {
  type Chapter,
  type Lesson,
  type LessonCompletionBody,
  MAX_RUN_FILES,
  type Track,
  type Tutorial,
} from "@lumen/contracts";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import { ChecksBusyError } from "../checks/check-scheduler.ts";
import type { CheckService } from "../checks/check-service.ts";
import { AppError, errors } from "../errors.ts";

export interface LocatedLesson {
  track: Track;
  tutorial: Tutorial;
  chapter: Chapter;
  lesson: Lesson;
}

/** The lesson at the place the client names, as of the track version it was shown. */
export async function locateLesson(
  catalog: CatalogStore,
  lessonId: number,
  place: Pick<LessonCompletionBody, "trackId" | "tutorialId" | "chapterId" | "trackVersion">,
): Promise<LocatedLesson> {
  const track = await catalog.track(place.trackId, place.trackVersion);
  const tutorial = track.tutorials.find((t) => t.id === place.tutorialId);
  const chapter = tutorial?.chapters.find((c) => c.id === place.chapterId);
  const lesson = chapter?.lessons.find((l) => l.id === lessonId);
  if (!tutorial || !chapter || !lesson) {
    throw errors.notFound(`Lesson ${lessonId} in chapter ${place.chapterId}`);
  }
  return { track, tutorial, chapter, lesson };
}

const needsRun = (lesson: Lesson) => lesson.type === "code" || lesson.type === "project";

/**
 * The files that run: the learner's editable files over the lesson's starter files. Read-only and
 * hidden files always come from the lesson, so a learner cannot replace what the checks rely on.
 */
function filesToRun(lesson: Lesson, sent: NonNullable<LessonCompletionBody["files"]>) {
  const fixed = lesson.executableContent.files.filter((f) => f.readonly || f.hidden);
  const fixedNames = new Set(fixed.map((f) => f.name));
  const learner = sent.filter((f) => !fixedNames.has(f.name));
  const learnerNames = new Set(learner.map((f) => f.name));
  const untouched = lesson.executableContent.files.filter(
    (f) => !fixedNames.has(f.name) && !learnerNames.has(f.name),
  );
  return [...fixed, ...untouched, ...learner].map(({ name, content }) => ({ name, content }));
}

export interface VerifyOptions {
  checks: CheckService;
  learnerId: string;
  /** A sync's time budget: a check not started by then is left for the next sync. */
  deadline?: number;
}

/**
 * Throws 422 checks_failed unless the learner's files pass the lesson's checks, and 429 when the
 * learner (or the server) has too many checks waiting. Answers whether the code was verified:
 * false only on a server without a sandbox, where no posted code ever runs (ADR 0018).
 */
export async function verifyLesson(
  lesson: Lesson,
  files: LessonCompletionBody["files"],
  { checks, learnerId, deadline }: VerifyOptions,
): Promise<{ verified: boolean }> {
  if (!needsRun(lesson)) return { verified: true };
  if (!files || files.length === 0) {
    throw errors.validation("files: send the lesson's files so that the checks can run");
  }
  const run = filesToRun(lesson, files);
  if (run.length > MAX_RUN_FILES) {
    throw errors.validation(
      `files: with the lesson's own files, a run takes at most ${MAX_RUN_FILES} files (this one has ${run.length})`,
    );
  }
  let result: Awaited<ReturnType<CheckService["run"]>>;
  try {
    result = await checks.run(
      learnerId,
      {
        language: lesson.codeLanguage,
        files: run,
        checks: lesson.checks,
        seed: lesson.seed,
        ...(lesson.requires?.length ? { requires: lesson.requires } : {}),
      },
      { deadline },
    );
  } catch (error) {
    if (error instanceof ChecksBusyError) {
      throw new AppError("rate_limited", error.message, {
        retryAfterSeconds: error.retryAfterSeconds,
      });
    }
    throw error;
  }
  if (result === undefined) return { verified: false };
  if (result.status === "passed") return { verified: true };
  const failed = result.tests.find((t) => t.status === "failed");
  const message =
    result.status === "timeout"
      ? "Your code took too long to run. Look for a loop that never ends."
      : (failed?.message ?? result.error?.message ?? "Your code does not pass the checks yet.");
  throw new AppError("checks_failed", message);
}
