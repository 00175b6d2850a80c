/**
 * The chapter a lesson screen shows: `GET /v1/tracks/{t}/tutorials/{tu}/chapters/{c}` with every
 * lesson in full (apps/server/src/presenters/catalog.ts presentChapter), checked against the
 * contracts' chapter schema so a malformed answer fails loudly here, not deep in a screen.
 */
import { type LessonChapter, lessonChapterSchema } from "@lumen/contracts";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";
import { takePrefetchedAs } from "../../../lib/prefetched.ts";

export { type LessonChapter, lessonChapterSchema };

export interface ChapterPlace {
  trackId: number;
  tutorialId: number;
  chapterId: number;
}

const chapterPath = (place: ChapterPlace) =>
  `/v1/tracks/${place.trackId}/tutorials/${place.tutorialId}/chapters/${place.chapterId}`;

const CHAPTER_PATH = /^\/v1\/tracks\/(\d+)\/tutorials\/(\d+)\/chapters\/(\d+)$/;

/** The chapter an API path names, when it is a chapter's path (the inverse of chapterPath). */
export function chapterPlaceOfPath(path: string): ChapterPlace | undefined {
  const match = CHAPTER_PATH.exec(path);
  if (!match) return undefined;
  return { trackId: Number(match[1]), tutorialId: Number(match[2]), chapterId: Number(match[3]) };
}

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
