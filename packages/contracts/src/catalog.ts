/** The catalog API's shapes (issue 5): tracks, sections, tutorials, chapters and lessons. */
import { codeLanguageSchema, lessonRequirementSchema } from "./runner.ts";
import { z } from "./zod.ts";

export const LESSON_TYPES = [
  "explanation",
  "multiple-choice",
  "fill-in",
  "code",
  "project",
] as const;
export const lessonTypeSchema = z.enum(LESSON_TYPES);
export type LessonType = z.infer<typeof lessonTypeSchema>;

export const lessonFileSchema = z.object({
  name: z.string(),
  content: z.string(),
  readonly: z.boolean(),
  hidden: z.boolean(),
});
export type LessonFile = z.infer<typeof lessonFileSchema>;

export const choiceSchema = z.object({
  /** Inline HTML rendered from the author's Markdown. */
  html: z.string(),
  correct: z.boolean(),
  feedback: z.optional(z.string()),
});

export const lessonSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  index: z.number().check(z.int(), z.nonnegative()),
  slug: z.string(),
  title: z.string(),
  type: lessonTypeSchema,
  codeLanguage: codeLanguageSchema,
  /** Spec section 4's lesson kind, derived from the lesson's files. */
  kind: z.enum(["sql", "html", "javascript", "python"]),
  explanationHtml: z.string(),
  /** The starter files: what the learner edits (spec section 3's executableContent.files). */
  executableContent: z.object({ files: z.array(lessonFileSchema) }),
  solution: z.optional(z.array(lessonFileSchema)),
  checks: z.optional(z.string()),
  /** What a Check requires beyond the checks: no-type-errors, valid-html (runner.ts). */
  requires: z.optional(z.array(lessonRequirementSchema)),
  seed: z.optional(z.string()),
  hints: z.array(z.string()),
  question: z.optional(z.string()),
  choices: z.optional(z.array(choiceSchema)),
  /** Fill-in: the snippet with each blank written as `[[n]]` (n from 0), the answers and decoys. */
  snippet: z.optional(
    z.object({
      language: z.string(),
      code: z.string(),
      answers: z.array(z.string()),
      distractors: z.array(z.string()),
    }),
  ),
  /** Explanation lessons: a runnable example. */
  example: z.optional(z.array(lessonFileSchema)),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const lessonSummarySchema = z.pick(lessonSchema, {
  id: true,
  index: true,
  title: true,
  type: true,
});
export type LessonSummary = z.infer<typeof lessonSummarySchema>;

export const chapterSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  slug: z.string(),
  title: z.string(),
  lessons: z.array(lessonSchema),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const tutorialSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  project: z.boolean(),
  chapters: z.array(chapterSchema),
});
export type Tutorial = z.infer<typeof tutorialSchema>;

export const trackSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  language: codeLanguageSchema,
  /** The publish-set version in which this track's content last changed. */
  version: z.number().check(z.int(), z.positive()),
  sections: z.array(
    z.object({
      index: z.number().check(z.int()),
      title: z.string(),
      tutorialIds: z.array(z.number()),
    }),
  ),
  tutorials: z.array(tutorialSchema),
});
export type Track = z.infer<typeof trackSchema>;

export const glossaryTermSchema = z.object({
  slug: z.string(),
  term: z.string(),
  definition: z.string(),
  example: z.string(),
  related: z.array(z.string()),
});
export type GlossaryTerm = z.infer<typeof glossaryTermSchema>;

export const catalogSchema = z.object({
  tracks: z.array(trackSchema),
  glossary: z.record(z.string(), z.array(glossaryTermSchema)),
});
export type Catalog = z.infer<typeof catalogSchema>;

// The catalog API's answers (apps/server/src/presenters/catalog.ts shapes them, the web app parses
// them with these): one definition of each.

/** A track in `GET /v1/tracks`: no lessons, their counts. */
export const trackSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  language: codeLanguageSchema,
  version: z.number(),
  counts: z.object({
    sections: z.number(),
    tutorials: z.number(),
    chapters: z.number(),
    lessons: z.number(),
  }),
});
export type TrackSummary = z.infer<typeof trackSummarySchema>;

/** `GET /v1/tracks`. */
export const trackListSchema = z.object({ tracks: z.array(trackSummarySchema) });
export type TrackList = z.infer<typeof trackListSchema>;

/** A tutorial in a track's outline: chapters with their lessons' titles only. */
export const outlineTutorialSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  project: z.boolean(),
  chapters: z.array(
    z.object({
      id: z.number(),
      slug: z.string(),
      title: z.string(),
      lessons: z.array(lessonSummarySchema),
    }),
  ),
});
export type OutlineTutorial = z.infer<typeof outlineTutorialSchema>;

/**
 * `GET /v1/tracks/{t}`: the summary and its sections, each with its tutorials in order, and
 * whether its lessons are free (issue 15's paywall; the others need a plan with every lesson).
 */
export const trackOutlineSchema = z.extend(trackSummarySchema, {
  sections: z.array(
    z.object({
      index: z.number(),
      title: z.string(),
      // An outline cached offline before the paywall has no flag: the server still decides.
      free: z._default(z.boolean(), true),
      tutorials: z.array(outlineTutorialSchema),
    }),
  ),
});
export type TrackOutline = z.infer<typeof trackOutlineSchema>;

/** `GET /v1/tracks/{t}/tutorials/{tu}/chapters/{c}`: the chapter with every lesson in full. */
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

/** `GET /v1/glossary/{language}`. */
export const glossaryAnswerSchema = z.object({
  language: z.string(),
  terms: z.array(glossaryTermSchema),
});
export type GlossaryAnswer = z.infer<typeof glossaryAnswerSchema>;
