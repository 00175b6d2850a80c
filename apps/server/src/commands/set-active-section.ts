/** Chooses the section a learner works in (PUT /v1/tracks/{trackId}/sections/active). */
import type { ActiveSection } from "@lumen/contracts";
import { type Db, schema } from "@lumen/db";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import { errors } from "../errors.ts";
import { readActiveSection } from "./read-active-section.ts";

export interface SetActiveSectionOptions {
  db: Db;
  catalog: CatalogStore;
  userId: string;
  trackId: number;
  sectionIndex: number;
  now?: Date;
}

export async function setActiveSection({
  db,
  catalog,
  userId,
  trackId,
  sectionIndex,
  now = new Date(),
}: SetActiveSectionOptions): Promise<ActiveSection> {
  const track = await catalog.track(trackId);
  if (!track.sections.some((s) => s.index === sectionIndex)) {
    throw errors.notFound(`Section ${sectionIndex} of track ${trackId}`);
  }
  await db
    .insert(schema.activeSections)
    .values({ userId, trackId, sectionIndex, updatedAt: now })
    .onConflictDoUpdate({
      target: [schema.activeSections.userId, schema.activeSections.trackId],
      set: { sectionIndex, updatedAt: now },
    });
  return readActiveSection({ db, catalog, userId, trackId });
}
