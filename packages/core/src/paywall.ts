/**
 * The paywall's rule (issue 15): which lessons are free and what a locked one needs. Pure; the
 * server decides with it (chapter answers, first paint, completions) and the web app only shows
 * what the server said.
 */
import type { Entitlements } from "./plans.ts";

/** How many sections of every track are free, counted from the first. */
export const FREE_SECTIONS_PER_TRACK = 1;

/** The tier that unlocks every lesson: Starter. */
export const LESSONS_UNLOCKED_BY = "tier-0" as const;

/**
 * Whether a section is free: the first `FREE_SECTIONS_PER_TRACK` of the track's sections in order
 * (sections are identified by their position, whatever their `index` numbers are).
 */
export function isSectionFree(sectionPosition: number): boolean {
  return sectionPosition >= 0 && sectionPosition < FREE_SECTIONS_PER_TRACK;
}

export type LessonAccess = { open: true } | { open: false; unlockedBy: typeof LESSONS_UNLOCKED_BY };

/** Whether a learner with these entitlements may open a lesson in the section at that position. */
export function lessonAccess(sectionPosition: number, entitlements: Entitlements): LessonAccess {
  if (isSectionFree(sectionPosition) || entitlements.allLessons) return { open: true };
  return { open: false, unlockedBy: LESSONS_UNLOCKED_BY };
}
