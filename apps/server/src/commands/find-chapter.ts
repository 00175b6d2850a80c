/**
 * Finds a chapter (and optionally one of its lessons) as of a version, for the saved-files and
 * preview calls. The version may be a track version (what the chapter API answers as
 * trackVersion) or any publish-set version (publishSetVersion): both name a publish set, and a
 * track is the same in every set from its own version up to its next change.
 */
import type { Chapter, Lesson, Track, Tutorial } from "@lumen/contracts";
import type { Db } from "@lumen/db";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import { publishSetByVersion } from "../catalog/publish-content.ts";
import { AppError, errors } from "../errors.ts";

export interface ChapterIds {
  trackId: number;
  tutorialId: number;
  chapterId: number;
}

export interface FindChapterOptions extends ChapterIds {
  catalog: CatalogStore;
  db: Db;
  /** A track or publish-set version; the latest when absent. */
  version?: number;
}

export interface FoundChapter {
  track: Track;
  chapter: Chapter;
}

async function trackAt({ catalog, db, trackId, version }: FindChapterOptions): Promise<Track> {
  const latest = await catalog.track(trackId);
  const latestSet = catalog.latest.version;
  if (version === undefined || (version >= latest.version && version <= latestSet)) return latest;
  if (version > latestSet) throw errors.notFound(`Version ${version} of track ${trackId}`);
  try {
    return await catalog.track(trackId, version);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "not_found") throw error;
  }
  // A publish set in which this track did not change: rare (clients send the track's version),
  // so it is read from the database rather than kept in memory.
  const set = await publishSetByVersion(db, version);
  const track = set?.catalog.tracks.find((t) => t.id === trackId);
  if (!track) throw errors.notFound(`Version ${version} of track ${trackId}`);
  return track;
}

/** The tutorial and chapter the ids name inside one version of a track, or a 404 saying which. */
export function chapterIn(
  track: Track,
  ids: Pick<ChapterIds, "tutorialId" | "chapterId">,
): { tutorial: Tutorial; chapter: Chapter } {
  const tutorial = track.tutorials.find((t) => t.id === ids.tutorialId);
  if (!tutorial) throw errors.notFound(`Tutorial ${ids.tutorialId} in track ${track.id}`);
  const chapter = tutorial.chapters.find((ch) => ch.id === ids.chapterId);
  if (!chapter) throw errors.notFound(`Chapter ${ids.chapterId} in tutorial ${tutorial.id}`);
  return { tutorial, chapter };
}

export async function findChapter(options: FindChapterOptions): Promise<FoundChapter> {
  const track = await trackAt(options);
  return { track, chapter: chapterIn(track, options).chapter };
}

/** The lesson must belong to the chapter named in the URL, not merely exist somewhere. */
export async function findLesson(
  options: FindChapterOptions & { lessonId: number },
): Promise<FoundChapter & { lesson: Lesson }> {
  const found = await findChapter(options);
  const lesson = found.chapter.lessons.find((l) => l.id === options.lessonId);
  if (!lesson) throw errors.notFound(`Lesson ${options.lessonId} in chapter ${options.chapterId}`);
  return { ...found, lesson };
}

/** The files a learner may change and save: the starter files that are neither read-only nor hidden. */
export function editableFileNames(lesson: Lesson): string[] {
  return lesson.executableContent.files.filter((f) => !f.readonly && !f.hidden).map((f) => f.name);
}
