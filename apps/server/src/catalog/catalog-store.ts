/**
 * The published catalog, served from memory: the latest set, plus older sets loaded on demand
 * when a client asks for a track version it already holds.
 */
import type { Catalog, Track } from "@lumen/contracts";
import type { Db } from "@lumen/db";
import { errors } from "../errors.ts";
import { type PublishedSet, publishSetByVersion } from "./publish-content.ts";

export class CatalogStore {
  private older = new Map<number, Promise<PublishedSet | undefined>>();

  constructor(
    private readonly db: Db,
    private current: PublishedSet = { version: 0, catalog: { tracks: [], glossary: {} } },
  ) {}

  get latest(): PublishedSet {
    return this.current;
  }

  replace(set: PublishedSet): void {
    this.current = set;
  }

  tracks(): Track[] {
    return this.current.catalog.tracks;
  }

  glossary(): Catalog["glossary"] {
    return this.current.catalog.glossary;
  }

  /** A track as of `trackVersion` (the latest when omitted). */
  async track(trackId: number, trackVersion?: number): Promise<Track> {
    const latest = this.current.catalog.tracks.find((t) => t.id === trackId);
    if (!latest) throw errors.notFound(`Track ${trackId}`);
    if (trackVersion === undefined || trackVersion === latest.version) return latest;
    if (trackVersion > this.current.version)
      throw errors.notFound(`Version ${trackVersion} of track ${trackId}`);
    let set = this.older.get(trackVersion);
    if (!set) {
      set = publishSetByVersion(this.db, trackVersion);
      this.older.set(trackVersion, set);
    }
    const older = (await set)?.catalog.tracks.find(
      (t) => t.id === trackId && t.version === trackVersion,
    );
    if (!older) throw errors.notFound(`Version ${trackVersion} of track ${trackId}`);
    return older;
  }
}
