/**
 * The library's browse view (GET /v1/library, issue 17): every track with its tutorials and
 * chapters in the learner's order, each tutorial's level and locked mark, and for a signed-in
 * learner their progress (readTrackProgress, the progress API's own read).
 */
import type { LibraryAnswer, LibraryTrack } from "@lumen/contracts";
import { trackLevels, tutorialLevel } from "@lumen/core";
import type { Db } from "@lumen/db";
import type { PlanSettings } from "../../billing/effective-plan.ts";
import { isTutorialFree, type LessonCaller, opensAllLessons } from "../../billing/lesson-access.ts";
import type { CatalogStore } from "../../catalog/catalog-store.ts";
import { chapterHref, orderedTutorials, trackHref } from "../../library/library-docs.ts";
import type { LibraryFilters } from "../../library/library-index.ts";
import { libraryIndexFor } from "../../library/library-index.ts";
import { readTrackProgress } from "../read-track-progress.ts";

export interface ReadLibraryOptions {
  db: Db;
  catalog: CatalogStore;
  user: LessonCaller | undefined;
  filters: LibraryFilters;
  now: Date;
  env: PlanSettings;
}

export async function readLibrary(options: ReadLibraryOptions): Promise<LibraryAnswer> {
  const { db, catalog, user, filters } = options;
  // Warm the search index of the catalog being browsed: the search box is one keystroke away.
  libraryIndexFor(catalog.latest.catalog);
  const opensAll = await opensAllLessons(options);
  const tracks: LibraryTrack[] = [];
  for (const track of catalog.tracks()) {
    if (filters.language && track.language !== filters.language) continue;
    const progress = user
      ? await readTrackProgress({ db, catalog, userId: user.id, trackId: track.id })
      : undefined;
    const byTutorial = new Map(progress?.tutorials.map((t) => [t.id, t]));
    const ordered = orderedTutorials(track);
    const tutorials = ordered
      .map((tutorial, position) => {
        const state = byTutorial.get(tutorial.id);
        const first = tutorial.chapters[0];
        const lessons = tutorial.chapters.reduce((n, c) => n + c.lessons.length, 0);
        return {
          id: tutorial.id,
          title: tutorial.title,
          description: tutorial.description,
          level: tutorialLevel(position, ordered.length),
          project: tutorial.project,
          locked: !opensAll && !isTutorialFree(track, tutorial.id),
          href: first ? chapterHref(track.id, tutorial.id, first.id) : trackHref(track),
          chapters: tutorial.chapters.map((chapter) => ({
            id: chapter.id,
            title: chapter.title,
            lessons: chapter.lessons.length,
            href: chapterHref(track.id, tutorial.id, chapter.id),
          })),
          progress: progress
            ? { completedLessons: state?.completedLessons ?? 0, totalLessons: lessons }
            : undefined,
        };
      })
      .filter((t) => !filters.level || t.level === filters.level);
    if (!tutorials.length) continue;
    tracks.push({
      id: track.id,
      title: track.title,
      description: track.description,
      language: track.language,
      levels: trackLevels(ordered.length),
      tutorials,
      progress: progress
        ? {
            completedLessons: progress.completedLessonIds.length,
            totalLessons: ordered.reduce(
              (n, t) => n + t.chapters.reduce((m, c) => m + c.lessons.length, 0),
              0,
            ),
          }
        : undefined,
    });
  }
  return { signedIn: Boolean(user), tracks };
}
