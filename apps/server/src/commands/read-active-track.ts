/** The learner's active track, or null before they pick one (GET /v1/me/active-track). */
import type { ActiveTrack } from "@lumen/contracts";
import { type Db, eq, schema } from "@lumen/db";
import type { CatalogStore } from "../catalog/catalog-store.ts";

export interface ReadActiveTrackOptions {
  db: Db;
  catalog: CatalogStore;
  userId: string;
}

export async function readActiveTrack({
  db,
  catalog,
  userId,
}: ReadActiveTrackOptions): Promise<ActiveTrack> {
  const [row] = await db
    .select({ trackId: schema.learnerProgress.activeTrackId })
    .from(schema.learnerProgress)
    .where(eq(schema.learnerProgress.userId, userId));
  const trackId = row?.trackId ?? null;
  // A track withdrawn from the catalog is no longer anyone's active track.
  const exists = trackId !== null && catalog.tracks().some((t) => t.id === trackId);
  return { trackId: exists ? trackId : null };
}
