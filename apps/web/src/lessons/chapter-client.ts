/**
 * The chapter a lesson screen shows: `GET /v1/tracks/{t}/tutorials/{tu}/chapters/{c}` with every
 * lesson in full (apps/server/src/presenters/catalog.ts presentChapter), checked against the
 * contracts' lesson schema so a malformed answer fails loudly here, not deep in a screen.
 */
import { lessonSchema } from "@lumen/contracts";
import * as z from "zod/mini";
import { apiFetch } from "../auth/api-client.ts";
import { ApiError } from "../lib/api-error.ts";
import { takePrefetchedAs } from "../lib/prefetched.ts";

export const lessonChapterSchema = z.object({
  trackId: z.number(),
  trackVersion: z.number(),
  tutorialId: z.number(),
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  lessons: z.array(lessonSchema),
});
export type LessonChapter = z.infer<typeof lessonChapterSchema>;

export interface ChapterPlace {
  trackId: number;
  tutorialId: number;
  chapterId: number;
}

export const chapterKey = (place: ChapterPlace) =>
  ["catalog", "chapter", place.trackId, place.tutorialId, place.chapterId] as const;

const chapterPath = (place: ChapterPlace) =>
  `/v1/tracks/${place.trackId}/tutorials/${place.tutorialId}/chapters/${place.chapterId}`;

/** The chapter the server sent inside the page, when it did (lib/prefetched.ts). */
export const prefetchedChapter = (place: ChapterPlace) =>
  takePrefetchedAs(chapterPath(place), lessonChapterSchema);

export async function fetchChapter(place: ChapterPlace): Promise<LessonChapter> {
  const response = await apiFetch(chapterPath(place));
  if (response.status === 404 || response.status === 400) {
    throw new ApiError(response.status, "not_found", "We could not find this chapter.");
  }
  if (!response.ok) {
    const error = ApiError.fromAnswer(response.status, await response.json().catch(() => null));
    throw new ApiError(
      response.status,
      error.code,
      `The chapter did not load (${response.status}). Try again in a moment.`,
    );
  }
  return lessonChapterSchema.parse(await response.json());
}
