/**
 * Finding a lesson in the catalog and verifying a learner's code on the server runners before a
 * completion counts (issue 7: the server is the authority). Every codeLanguage has a server
 * runner, so every code and project lesson is checked.
 */
import type { Chapter, Lesson, LessonCompletionBody, Track, Tutorial } from "@lumen/contracts";
import { createNodeRunners, type NodeRunners } from "@lumen/runners/node";
import type { CatalogStore } from "../catalog/catalog-store.ts";
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

let shared: NodeRunners | undefined;

/** One warm set of runners per process, loaded on the first code completion. */
export function lessonRunners(): NodeRunners {
  shared ??= createNodeRunners();
  return shared;
}

export async function disposeLessonRunners(): Promise<void> {
  const runners = shared;
  shared = undefined;
  await runners?.dispose();
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

/** Throws 422 checks_failed unless the learner's files pass the lesson's checks. */
export async function verifyLesson(
  lesson: Lesson,
  files: LessonCompletionBody["files"],
  runners: NodeRunners = lessonRunners(),
): Promise<void> {
  if (!needsRun(lesson)) return;
  if (!files || files.length === 0) {
    throw errors.validation("files: send the lesson's files so that the checks can run");
  }
  const result = await runners.run({
    language: lesson.codeLanguage,
    files: filesToRun(lesson, files),
    checks: lesson.checks,
    seed: lesson.seed,
  });
  if (result.status === "passed") return;
  const failed = result.tests.find((t) => t.status === "failed");
  const message =
    result.status === "timeout"
      ? "Your code took too long to run. Look for a loop that never ends."
      : (failed?.message ?? result.error?.message ?? "Your code does not pass the checks yet.");
  throw new AppError("checks_failed", message);
}
