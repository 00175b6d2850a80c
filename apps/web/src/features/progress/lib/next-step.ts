/**
 * Where "Continue" leads after a finished chapter: the next chapter of the tutorial, the
 * project-done celebration after a project tutorial's last chapter, the next tutorial of the
 * section, or back to the section's learning path when the section is done.
 */
import type { TrackOutline } from "../../../lib/catalog-client.ts";
import { findTutorial } from "../../../lib/catalog-client.ts";

export type NextStep =
  | { kind: "lesson"; trackId: number; tutorialId: number; chapterId: number; lessonIndex: number }
  | {
      kind: "projectDone";
      trackId: number;
      tutorialId: number;
      chapterId: number;
      sectionIndex: number;
    }
  | { kind: "section"; trackId: number; sectionIndex: number };

export function nextStep(
  track: TrackOutline,
  place: { tutorialId: number; chapterId: number },
): NextStep {
  const found = findTutorial(track, place.tutorialId);
  if (!found) return { kind: "section", trackId: track.id, sectionIndex: 0 };
  const { section, tutorial, next } = found;
  const at = tutorial.chapters.findIndex((c) => c.id === place.chapterId);
  const nextChapter = at >= 0 ? tutorial.chapters[at + 1] : undefined;
  if (nextChapter) {
    return {
      kind: "lesson",
      trackId: track.id,
      tutorialId: tutorial.id,
      chapterId: nextChapter.id,
      lessonIndex: 0,
    };
  }
  if (tutorial.project) {
    return {
      kind: "projectDone",
      trackId: track.id,
      tutorialId: tutorial.id,
      chapterId: place.chapterId,
      sectionIndex: section.index,
    };
  }
  const firstChapter = next?.chapters[0];
  if (next && firstChapter) {
    return {
      kind: "lesson",
      trackId: track.id,
      tutorialId: next.id,
      chapterId: firstChapter.id,
      lessonIndex: 0,
    };
  }
  return { kind: "section", trackId: track.id, sectionIndex: section.index };
}

/** The learn route of one lesson (spec section 2). */
export function lessonHref(p: {
  trackId: number;
  tutorialId: number;
  chapterId: number;
  lessonIndex: number;
}): string {
  return `/web/track/${p.trackId}/tutorial/${p.tutorialId}/chapter/${p.chapterId}/learn?lesson=${p.lessonIndex}`;
}

/** The address a next step lives at. */
export function nextStepHref(step: NextStep): string {
  if (step.kind === "lesson") return lessonHref(step);
  if (step.kind === "section") return `/web/${step.trackId}/section/${step.sectionIndex}`;
  const q = new URLSearchParams({
    trackId: String(step.trackId),
    tutorialId: String(step.tutorialId),
    chapterId: String(step.chapterId),
    sectionIndex: String(step.sectionIndex),
  });
  return `/web/project-done?${q.toString()}`;
}

/** The first lesson of a chapter the learner has not finished yet (0 when all are done). */
export function resumeIndex(
  lessons: readonly { id: number; index: number }[],
  completed: ReadonlySet<number>,
): number {
  return lessons.find((l) => !completed.has(l.id))?.index ?? 0;
}
