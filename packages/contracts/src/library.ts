/**
 * Issue 17: the library API's request and answer schemas. `GET /v1/library` is the browse view
 * (every track, tutorial and chapter, with the caller's progress and locked marks);
 * `GET /v1/library/search?q=&language=&level=` answers ranked hits with a snippet and a link.
 */
import { LIBRARY_LEVELS } from "@lumen/core";
import { codeLanguageSchema } from "./runner.ts";
import { z } from "./zod.ts";

export { LIBRARY_LEVELS };
export const libraryLevelSchema = z.enum(LIBRARY_LEVELS);

/** The longest query the search reads; the rest of a longer one is ignored. */
export const MAX_LIBRARY_QUERY = 200;
/** The most hits one search answers. */
export const MAX_LIBRARY_HITS = 30;

/** The filters both routes take; an unknown language or level is refused with 400. */
export const libraryFiltersSchema = z.object({
  language: z.optional(codeLanguageSchema),
  level: z.optional(libraryLevelSchema),
});

export const librarySearchQuerySchema = z.extend(libraryFiltersSchema, {
  // Longer input is cut, not refused: typing past the limit keeps answering.
  q: z._default(z.string(), ""),
});

const progressSchema = z.object({
  completedLessons: z.number(),
  totalLessons: z.number(),
});

export const libraryChapterSchema = z.object({
  id: z.number(),
  title: z.string(),
  lessons: z.number(),
  /** Where the chapter opens (its first lesson). */
  href: z.string(),
});

export const libraryTutorialSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  level: libraryLevelSchema,
  project: z.boolean(),
  /** Outside the free sections and the caller's plan does not open it: listed, not openable. */
  locked: z.boolean(),
  href: z.string(),
  chapters: z.array(libraryChapterSchema),
  /** The signed-in learner's progress; absent for a guest. */
  progress: z.optional(progressSchema),
});
export type LibraryTutorial = z.infer<typeof libraryTutorialSchema>;

export const libraryTrackSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  language: codeLanguageSchema,
  levels: z.array(libraryLevelSchema),
  tutorials: z.array(libraryTutorialSchema),
  progress: z.optional(progressSchema),
});
export type LibraryTrack = z.infer<typeof libraryTrackSchema>;

/** `GET /v1/library`. */
export const libraryAnswerSchema = z.object({
  signedIn: z.boolean(),
  tracks: z.array(libraryTrackSchema),
});
export type LibraryAnswer = z.infer<typeof libraryAnswerSchema>;

export const libraryHitKindSchema = z.enum(["track", "tutorial", "chapter", "lesson"]);
export type LibraryHitKind = z.infer<typeof libraryHitKindSchema>;

export const libraryHitSchema = z.object({
  kind: libraryHitKindSchema,
  id: z.number(),
  title: z.string(),
  /** Where it sits: "Python › Functions › Defining functions". */
  trail: z.string(),
  /** A few words of the matching text around the first match, plain text. */
  snippet: z.string(),
  language: codeLanguageSchema,
  level: libraryLevelSchema,
  locked: z.boolean(),
  href: z.string(),
  score: z.number(),
});
export type LibraryHit = z.infer<typeof libraryHitSchema>;

/** `GET /v1/library/search`. */
export const librarySearchAnswerSchema = z.object({
  q: z.string(),
  total: z.number(),
  hits: z.array(libraryHitSchema),
});
export type LibrarySearchAnswer = z.infer<typeof librarySearchAnswerSchema>;
