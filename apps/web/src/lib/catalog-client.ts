/**
 * The catalog answers the progress screens read: the list of tracks (for the track picker) and a
 * track's outline of sections, tutorials, chapters and lesson titles (for the learning path).
 * The shapes are the contracts' (trackListSchema, trackOutlineSchema), which the server's
 * presenters are typed against; every answer is parsed with them here.
 */
import {
  type OutlineTutorial,
  type TrackOutline,
  type TrackSummary,
  trackListSchema,
  trackOutlineSchema,
} from "@lumen/contracts";
import type * as z from "zod/mini";
import { apiFetch } from "./api-client.ts";
import { takePrefetchedAs } from "./prefetched.ts";

export type { OutlineTutorial, TrackOutline, TrackSummary };

async function getJson<S extends z.ZodMiniType>(schema: S, path: string): Promise<z.infer<S>> {
  const response = await apiFetch(path);
  if (!response.ok) throw new Error(`Could not load ${path} (${response.status}).`);
  return schema.parse(await response.json());
}

const trackPath = (trackId: number) => `/v1/tracks/${trackId}`;
const TRACK_PATH = /^\/v1\/tracks\/(\d+)$/;

/** The track an API path names, when it is a track outline's path (the inverse of trackPath). */
export function trackIdOfPath(path: string): number | undefined {
  const match = TRACK_PATH.exec(path);
  return match ? Number(match[1]) : undefined;
}

/** The track outline the server sent inside the page, when it did (lib/prefetched.ts). */
export const prefetchedTrack = (trackId: number) =>
  takePrefetchedAs(trackPath(trackId), trackOutlineSchema);

export const catalogClient = {
  tracks: () => getJson(trackListSchema, "/v1/tracks"),
  track: (trackId: number) => getJson(trackOutlineSchema, trackPath(trackId)),
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
