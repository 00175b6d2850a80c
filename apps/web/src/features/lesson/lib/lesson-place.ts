/** Where a lesson is: its chapter's place from the address, and its source file in content/. */
import type { Lesson } from "@lumen/contracts";
import { useParams } from "@tanstack/react-router";
import type { ChapterPlace } from "../api/chapter-client.ts";
import type { LessonRouteId } from "../lesson-loader.ts";

/** The chapter a lesson route's params name; undefined if an id is not a positive whole number. */
export function placeOf(params: {
  trackId: string;
  tutorialId: string;
  chapterId: string;
}): ChapterPlace | undefined {
  const place = {
    trackId: Number(params.trackId),
    tutorialId: Number(params.tutorialId),
    chapterId: Number(params.chapterId),
  };
  return Object.values(place).every((n) => Number.isInteger(n) && n > 0) ? place : undefined;
}

/** The chapter the address of this lesson route names (see placeOf). */
export function usePlace(from: LessonRouteId): ChapterPlace | undefined {
  return placeOf(useParams({ from }));
}

/** Where the lesson's Markdown lives (docs/content-format.md), as far as the outline tells. */
export function contentPathOf(
  trackSlug: string | undefined,
  tutorialSlug: string | undefined,
  chapter: { slug: string },
  lesson: Lesson,
): string {
  const order = String(lesson.index + 1).padStart(2, "0");
  return `content/tracks/${trackSlug ?? "?"}/…-${tutorialSlug ?? "?"}/…-${chapter.slug}/${order}-${lesson.slug}.md`;
}
