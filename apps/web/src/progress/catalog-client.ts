/**
 * The catalog answers the progress screens read: the list of tracks (for the track picker) and a
 * track's outline of sections, tutorials, chapters and lesson titles (for the learning path).
 * The shapes are the server's presenters (apps/server/src/presenters/catalog.ts), checked here.
 */
import { lessonTypeSchema } from "@lumen/contracts";
import * as z from "zod/mini";
import { apiFetch } from "../auth/api-client.ts";
import { takePrefetchedAs } from "../lib/prefetched.ts";

const trackSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  language: z.string(),
  version: z.number(),
  counts: z.object({
    sections: z.number(),
    tutorials: z.number(),
    chapters: z.number(),
    lessons: z.number(),
  }),
});
export type TrackSummary = z.infer<typeof trackSummarySchema>;

const outlineTutorialSchema = z.object({
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
      lessons: z.array(
        z.object({ id: z.number(), index: z.number(), title: z.string(), type: lessonTypeSchema }),
      ),
    }),
  ),
});
export type OutlineTutorial = z.infer<typeof outlineTutorialSchema>;

const trackOutlineSchema = z.extend(trackSummarySchema, {
  sections: z.array(
    z.object({ index: z.number(), title: z.string(), tutorials: z.array(outlineTutorialSchema) }),
  ),
});
export type TrackOutline = z.infer<typeof trackOutlineSchema>;

async function getJson<S extends z.ZodMiniType>(schema: S, path: string): Promise<z.infer<S>> {
  const response = await apiFetch(path);
  if (!response.ok) throw new Error(`Could not load ${path} (${response.status}).`);
  return schema.parse(await response.json());
}

/** The track outline the server sent inside the page, when it did (lib/prefetched.ts). */
export const prefetchedTrack = (trackId: number) =>
  takePrefetchedAs(`/v1/tracks/${trackId}`, trackOutlineSchema);

export const catalogClient = {
  tracks: () => getJson(z.object({ tracks: z.array(trackSummarySchema) }), "/v1/tracks"),
  track: (trackId: number) => getJson(trackOutlineSchema, `/v1/tracks/${trackId}`),
};

/** Where a tutorial sits in its track: its section, and the tutorials before and after it. */
export function findTutorial(track: TrackOutline, tutorialId: number) {
  for (const section of track.sections) {
    const at = section.tutorials.findIndex((t) => t.id === tutorialId);
    if (at >= 0) {
      const tutorial = section.tutorials[at] as OutlineTutorial;
      return { section, tutorial, next: section.tutorials[at + 1] };
    }
  }
  return undefined;
}

/** The outline in the core package's learning-path shape, for its unlock and resume rules. */
export function toPathTrack(track: TrackOutline) {
  return {
    sections: track.sections.map((s) => ({
      index: s.index,
      tutorialIds: s.tutorials.map((t) => t.id),
    })),
    tutorials: track.sections.flatMap((s) => s.tutorials),
  };
}
