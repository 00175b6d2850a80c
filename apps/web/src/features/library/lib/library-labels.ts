/** The library's words for what the API answers: levels, languages, hit kinds, progress. */
import type { CodeLanguage, LibraryHitKind } from "@lumen/contracts";
import { codeLanguageInfo, type LibraryLevel } from "@lumen/core";

export const LEVEL_LABELS: Record<LibraryLevel, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
};

export const KIND_LABELS: Record<LibraryHitKind, string> = {
  track: "Track",
  tutorial: "Tutorial",
  chapter: "Chapter",
  lesson: "Lesson",
};

export const languageLabel = (language: CodeLanguage) => codeLanguageInfo(language).label;

/** "3 of 12 lessons", or "All 12 lessons done", or "12 lessons" with no progress known. */
export function progressText(
  progress: { completedLessons: number; totalLessons: number } | undefined,
  total: number,
): string {
  const lessons = (n: number) => `${n} lesson${n === 1 ? "" : "s"}`;
  if (!progress) return lessons(total);
  if (progress.totalLessons > 0 && progress.completedLessons >= progress.totalLessons)
    return `All ${lessons(progress.totalLessons)} done`;
  return `${progress.completedLessons} of ${lessons(progress.totalLessons)}`;
}

/** The number of results, said in words for the live region. */
export function resultsText(total: number, shown: number, q: string): string {
  if (total === 0) return `No results for “${q}”.`;
  const count = `${total} result${total === 1 ? "" : "s"} for “${q}”`;
  return shown < total ? `${count}, the best ${shown} shown.` : `${count}.`;
}
