/**
 * Where the learner left off in a track (GET /v1/tracks/{trackId}/sections/active): the section
 * they last chose, or the first with unfinished work, and the first unfinished lesson in it.
 */
import type { ActiveSection } from "@lumen/contracts";
import { defaultSectionIndex, resumePoint } from "@lumen/core";
import { and, type Db, eq, schema } from "@lumen/db";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import { errors } from "../errors.ts";
import { completedLessonIds } from "./read-track-progress.ts";

export interface ReadActiveSectionOptions {
  db: Db;
  catalog: CatalogStore;
  userId: string;
  trackId: number;
}

export async function readActiveSection({
  db,
  catalog,
  userId,
  trackId,
}: ReadActiveSectionOptions): Promise<ActiveSection> {
  const track = await catalog.track(trackId);
  const completed = await completedLessonIds(db, userId, trackId);
  const [chosen] = await db
    .select({ sectionIndex: schema.activeSections.sectionIndex })
    .from(schema.activeSections)
    .where(
      and(eq(schema.activeSections.userId, userId), eq(schema.activeSections.trackId, trackId)),
    );
  // A chosen section that a newer version of the track no longer has falls back to the default.
  const point =
    (chosen && resumePoint(track, chosen.sectionIndex, completed)) ??
    resumePoint(track, defaultSectionIndex(track, completed), completed);
  if (!point) throw errors.notFound(`A lesson in track ${trackId}`);
  return { trackId, ...point };
}
