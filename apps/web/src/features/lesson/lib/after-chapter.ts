/**
 * What follows a chapter's last lesson on a lesson screen, as pure rules over the track outline
 * (read through next-step.ts): which analytics events "Finish chapter" sends, where the learner
 * goes next (the sync screen, the project celebration, the daily goal, or the chapter end on
 * this screen) and which chapter the chapter end offers.
 */
import type { LessonMode } from "@lumen/contracts";
import { findTutorial, type TrackOutline } from "../../../lib/catalog-client.ts";
import type { CompleteLessonOutcome } from "../../progress/lib/complete-lesson.ts";
import { nextStep } from "../../progress/lib/next-step.ts";
import type { ChapterPlace } from "../api/chapter-client.ts";

export type ChapterEndEvent = "finish_chapter" | "finish_tutorial";

/** The four ids the progress screens take in their address (spec section 2). */
export interface ChapterPlaceSearch {
  trackId: number;
  tutorialId: number;
  chapterId: number;
  sectionIndex: number | undefined;
}

export type AfterChapter =
  /** Practice done, or a learner without an account: the chapter end shows on this screen. */
  | { kind: "chapterEnd" }
  /** The completion waits offline: the sync screen sends it once the learner is back. */
  | { kind: "syncProgress"; search: ChapterPlaceSearch }
  | { kind: "projectDone"; search: ChapterPlaceSearch }
  | { kind: "dailyGoal"; search: ChapterPlaceSearch & { prevXPCount: number | undefined } };

/** The chapter the chapter end offers next. */
export interface NextChapter {
  tutorialId: number;
  chapterId: number;
  title: string;
}

/** Whether the chapter is its tutorial's last; false while the outline is unknown. */
export function isLastChapterOfTutorial(
  outline: TrackOutline | undefined,
  place: ChapterPlace,
): boolean {
  if (!outline || !findTutorial(outline, place.tutorialId)) return false;
  const step = nextStep(outline, place);
  return step.kind !== "lesson" || step.tutorialId !== place.tutorialId;
}

/** The events a finished chapter sends: none for practice (the challenge mode). */
export function chapterEndEvents(
  mode: LessonMode,
  outline: TrackOutline | undefined,
  place: ChapterPlace,
): ChapterEndEvent[] {
  if (mode === "challenge") return [];
  return isLastChapterOfTutorial(outline, place)
    ? ["finish_chapter", "finish_tutorial"]
    : ["finish_chapter"];
}

/**
 * Where the learner goes after the chapter. `outcome` is what sending the last lesson's
 * completion came to: queued offline, answered, or undefined (not sent, or it failed).
 */
export function afterChapter(input: {
  mode: LessonMode;
  signedIn: boolean;
  place: ChapterPlace;
  outline: TrackOutline | undefined;
  outcome: CompleteLessonOutcome | undefined;
}): AfterChapter {
  const { mode, signedIn, place, outline, outcome } = input;
  if (mode === "challenge" || !signedIn) return { kind: "chapterEnd" };
  const search: ChapterPlaceSearch = {
    trackId: place.trackId,
    tutorialId: place.tutorialId,
    chapterId: place.chapterId,
    sectionIndex: outline ? findTutorial(outline, place.tutorialId)?.section.index : undefined,
  };
  if (outcome?.queued) return { kind: "syncProgress", search };
  if (outline && findTutorial(outline, place.tutorialId)) {
    if (nextStep(outline, place).kind === "projectDone") return { kind: "projectDone", search };
  }
  // The daily goal counts today's XP up from what it was before this lesson's.
  const prevXPCount =
    outcome && !outcome.queued
      ? Math.max(0, outcome.result.progress.today.xp - outcome.result.xpEarned)
      : undefined;
  return { kind: "dailyGoal", search: { ...search, prevXPCount } };
}

/**
 * The chapter after this one within its section: the tutorial's next chapter, else the first
 * chapter of the next tutorial (also after a project). None at the end of the section.
 */
export function nextChapterOf(
  outline: TrackOutline | undefined,
  place: ChapterPlace,
): NextChapter | undefined {
  const found = outline ? findTutorial(outline, place.tutorialId) : undefined;
  if (!outline || !found) return undefined;
  const step = nextStep(outline, place);
  const tutorial =
    step.kind === "lesson" && step.tutorialId === found.tutorial.id ? found.tutorial : found.next;
  const chapter =
    step.kind === "lesson"
      ? tutorial?.chapters.find((c) => c.id === step.chapterId)
      : step.kind === "projectDone"
        ? tutorial?.chapters[0]
        : undefined;
  return tutorial && chapter
    ? { tutorialId: tutorial.id, chapterId: chapter.id, title: chapter.title }
    : undefined;
}
