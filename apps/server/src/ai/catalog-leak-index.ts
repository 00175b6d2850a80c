/**
 * The assistant chat's leak guard (issue 16): every code and fill-in lesson of the published
 * catalog in one index (@lumen/core solution-leak-index.ts), so that a reply giving any lesson's
 * answer away is replaced, as in the tutor. Built once per publish set, on first use.
 */
import type { Track } from "@lumen/contracts";
import { buildLeakIndex, type LeakIndex } from "@lumen/core";
import { leakSubjectOf } from "./lesson-secret.ts";

export function catalogLeakIndex(tracks: readonly Track[]): LeakIndex<number> {
  const subjects = tracks.flatMap((track) =>
    track.tutorials.flatMap((tutorial) =>
      tutorial.chapters.flatMap((chapter) =>
        chapter.lessons.map((lesson) => ({ key: lesson.id, subject: leakSubjectOf(lesson, []) })),
      ),
    ),
  );
  return buildLeakIndex(subjects);
}

/** The index of a catalog, kept while the same publish set is served. */
export function leakIndexCache() {
  let cached: { tracks: readonly Track[]; index: LeakIndex<number> } | undefined;
  return (tracks: readonly Track[]): LeakIndex<number> => {
    if (cached?.tracks !== tracks) cached = { tracks, index: catalogLeakIndex(tracks) };
    return cached.index;
  };
}
