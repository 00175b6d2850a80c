/**
 * The library's documents (issue 17): every track, tutorial, chapter and lesson of a catalog as
 * one flat list with what the browse view and the search show: title, prose, where it sits, its
 * level (@lumen/core's tutorialLevel over the track's order), whether it is free, and its link.
 */
import type { Catalog, CodeLanguage, LibraryHitKind, Track } from "@lumen/contracts";
import { type LibraryLevel, tutorialLevel } from "@lumen/core";
import { isTutorialFree } from "../billing/lesson-access.ts";
import { htmlToText } from "./lesson-text.ts";

export interface LibraryDoc {
  /** The position in the list: MiniSearch's id. */
  id: number;
  kind: LibraryHitKind;
  refId: number;
  title: string;
  /** Searchable prose (descriptions, a lesson's explanation and question). */
  text: string;
  trail: string;
  language: CodeLanguage;
  level: LibraryLevel;
  /** A track is never locked; a tutorial, chapter or lesson is when its section is not free. */
  free: boolean;
  href: string;
}

/** A track's tutorials in the learner's order: by section, then any a section does not list. */
export function orderedTutorials(track: Track): Track["tutorials"] {
  const byId = new Map(track.tutorials.map((t) => [t.id, t]));
  const listed = track.sections.flatMap((s) => s.tutorialIds).filter((id) => byId.has(id));
  const seen = new Set(listed);
  return [
    ...[...new Set(listed)].map((id) => byId.get(id) as Track["tutorials"][number]),
    ...track.tutorials.filter((t) => !seen.has(t.id)),
  ];
}

export const chapterHref = (trackId: number, tutorialId: number, chapterId: number) =>
  `/web/track/${trackId}/tutorial/${tutorialId}/chapter/${chapterId}/learn`;

export const trackHref = (track: Track) =>
  `/web/${track.id}/section/${track.sections[0]?.index ?? 0}`;

export function libraryDocs(catalog: Catalog): LibraryDoc[] {
  const docs: LibraryDoc[] = [];
  const add = (doc: Omit<LibraryDoc, "id">) => docs.push({ ...doc, id: docs.length });
  for (const track of catalog.tracks) {
    const tutorials = orderedTutorials(track);
    const language = track.language;
    add({
      kind: "track",
      refId: track.id,
      title: track.title,
      text: track.description,
      trail: track.title,
      language,
      level: "beginner",
      free: true,
      href: trackHref(track),
    });
    tutorials.forEach((tutorial, position) => {
      const level = tutorialLevel(position, tutorials.length);
      const free = isTutorialFree(track, tutorial.id);
      const first = tutorial.chapters[0];
      const tutorialTrail = `${track.title} › ${tutorial.title}`;
      add({
        kind: "tutorial",
        refId: tutorial.id,
        title: tutorial.title,
        text: tutorial.description,
        trail: track.title,
        language,
        level,
        free,
        href: first ? chapterHref(track.id, tutorial.id, first.id) : trackHref(track),
      });
      for (const chapter of tutorial.chapters) {
        const href = chapterHref(track.id, tutorial.id, chapter.id);
        add({
          kind: "chapter",
          refId: chapter.id,
          title: chapter.title,
          text: "",
          trail: tutorialTrail,
          language,
          level,
          free,
          href,
        });
        chapter.lessons.forEach((lesson, index) => {
          add({
            kind: "lesson",
            refId: lesson.id,
            title: lesson.title,
            // Prose only: never the files, hidden files, solutions, checks or hints.
            text: [
              htmlToText(lesson.explanationHtml),
              lesson.question ? htmlToText(lesson.question) : "",
            ]
              .filter(Boolean)
              .join(" "),
            trail: `${tutorialTrail} › ${chapter.title}`,
            language,
            level,
            free,
            href: `${href}?lesson=${index}`,
          });
        });
      }
    });
  }
  return docs;
}
