/** A learner's progress through one track (GET /v1/tracks/{trackId}/progress). */
import type { TrackProgress } from "@lumen/contracts";
import { tutorialStates } from "@lumen/core";
import { and, type Db, eq, schema } from "@lumen/db";
import type { CatalogStore } from "../catalog/catalog-store.ts";

export interface ReadTrackProgressOptions {
  db: Db;
  catalog: CatalogStore;
  userId: string;
  trackId: number;
}

/** The ids of the lessons of the track's latest version that the learner has finished. */
export async function completedLessonIds(
  db: Db,
  userId: string,
  trackId: number,
): Promise<Set<number>> {
  const rows = await db
    .select({ lessonId: schema.lessonCompletions.lessonId })
    .from(schema.lessonCompletions)
    .where(
      and(
        eq(schema.lessonCompletions.userId, userId),
        eq(schema.lessonCompletions.trackId, trackId),
      ),
    );
  return new Set(rows.map((r) => r.lessonId));
}

export async function readTrackProgress({
  db,
  catalog,
  userId,
  trackId,
}: ReadTrackProgressOptions): Promise<TrackProgress> {
  const track = await catalog.track(trackId);
  const completed = await completedLessonIds(db, userId, trackId);
  const inTrack = track.tutorials.flatMap((t) =>
    t.chapters.flatMap((c) => c.lessons.map((l) => l.id)),
  );
  return {
    trackId,
    completedLessonIds: inTrack.filter((id) => completed.has(id)),
    tutorials: tutorialStates(track, completed),
  };
}
