/** The track a learner is working on (GET and PUT /v1/me/active-track). */
import type { ActiveTrack } from "@lumen/contracts";
import { type Db, schema } from "@lumen/db";
import type { CatalogStore } from "../catalog/catalog-store.ts";

export interface SetActiveTrackOptions {
  db: Db;
  catalog: CatalogStore;
  userId: string;
  trackId: number;
  now?: Date;
}

export async function setActiveTrack({
  db,
  catalog,
  userId,
  trackId,
  now = new Date(),
}: SetActiveTrackOptions): Promise<ActiveTrack> {
  await catalog.track(trackId);
  await db
    .insert(schema.learnerProgress)
    .values({ userId, activeTrackId: trackId, updatedAt: now })
    .onConflictDoUpdate({
      target: schema.learnerProgress.userId,
      set: { activeTrackId: trackId, updatedAt: now },
    });
  return { trackId };
}
