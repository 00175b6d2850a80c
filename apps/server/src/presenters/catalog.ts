/**
 * Shapes catalog answers: summaries for lists, full lessons only for a chapter. The shapes are the
 * contracts' (trackSummarySchema, trackOutlineSchema, lessonChapterSchema), which the web app
 * parses with. An outline says which sections are free (issue 15), the same for every caller.
 */
import type { Chapter, LessonChapter, Track, TrackOutline, TrackSummary } from "@lumen/contracts";
import { isSectionFree } from "@lumen/core";

const lessonCount = (track: Track) =>
  track.tutorials.reduce(
    (sum, tu) => sum + tu.chapters.reduce((s, ch) => s + ch.lessons.length, 0),
    0,
  );

export function presentTrackSummary(track: Track): TrackSummary {
  return {
    id: track.id,
    slug: track.slug,
    title: track.title,
    description: track.description,
    language: track.language,
    version: track.version,
    counts: {
      sections: track.sections.length,
      tutorials: track.tutorials.length,
      chapters: track.tutorials.reduce((sum, tu) => sum + tu.chapters.length, 0),
      lessons: lessonCount(track),
    },
  };
}

export function presentTrack(track: Track): TrackOutline {
  return {
    ...presentTrackSummary(track),
    sections: track.sections.map((section, position) => ({
      index: section.index,
      title: section.title,
      free: isSectionFree(position),
      tutorials: section.tutorialIds.flatMap((id) => {
        const tutorial = track.tutorials.find((t) => t.id === id);
        if (!tutorial) return [];
        return [
          {
            id: tutorial.id,
            slug: tutorial.slug,
            title: tutorial.title,
            description: tutorial.description,
            project: tutorial.project,
            chapters: tutorial.chapters.map((chapter) => ({
              id: chapter.id,
              slug: chapter.slug,
              title: chapter.title,
              lessons: chapter.lessons.map(({ id, index, title, type }) => ({
                id,
                index,
                title,
                type,
              })),
            })),
          },
        ];
      }),
    })),
  };
}

export function presentChapter(track: Track, tutorialId: number, chapter: Chapter): LessonChapter {
  return {
    trackId: track.id,
    trackVersion: track.version,
    tutorialId,
    id: chapter.id,
    slug: chapter.slug,
    title: chapter.title,
    lessons: chapter.lessons,
  };
}
