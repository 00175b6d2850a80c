/**
 * The lesson routes (spec section 2: learn, challenge and tutor, under /web and the preview
 * deployment's /ssr) and what they load before the screen renders (ADR 0025): the chapter, which
 * the screen needs, and the track outline, which only names the tutorial and the next chapter.
 * On a page the server drew, both are in the cache already (lib/queries.ts seeds them).
 */
import type { LessonMode } from "@lumen/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { chapterQuery, trackOutlineQuery } from "../../lib/queries.ts";
import { placeOf } from "./lib/lesson-place.ts";

export const LESSON_PATH = "track/$trackId/tutorial/$tutorialId/chapter/$chapterId";
export type LessonPrefix = "/web" | "/ssr";
/** The six lesson routes; a lesson screen reads its params and search through its own. */
export type LessonRouteId = `${LessonPrefix}/${typeof LESSON_PATH}/${LessonMode}`;

export const lessonRouteId = <Prefix extends LessonPrefix, Mode extends LessonMode>(
  prefix: Prefix,
  mode: Mode,
) => `${prefix}/${LESSON_PATH}/${mode}` as const;

/** The path params every lesson route has. */
export interface LessonParams {
  trackId: string;
  tutorialId: string;
  chapterId: string;
}

export async function loadLesson(queryClient: QueryClient, params: LessonParams): Promise<void> {
  const place = placeOf(params);
  // An address with a malformed id: the screen says the lesson was not found.
  if (!place) return;
  await Promise.all([
    // A chapter that does not load is the route's error (lesson-states.tsx, LessonError).
    queryClient.ensureQueryData(chapterQuery(place)),
    // The lesson opens without the outline: its failure stays in the cache, unshown, as before.
    Promise.allSettled([queryClient.ensureQueryData(trackOutlineQuery(place.trackId))]),
  ]);
}
