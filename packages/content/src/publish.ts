/**
 * Versions a compiled catalog against the previous publish set: a track keeps its version while
 * its content is unchanged, and takes the new set's version when anything in it changed.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Catalog, Track } from "@lumen/contracts";

/**
 * A hash of the value's JSON with object keys sorted: the previous catalog is read back from a
 * jsonb column, which does not keep key order, and must hash as it did when it was compiled.
 */
export function hashOf(value: unknown): string {
  const sortKeys = (_key: string, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v;
  return createHash("sha256").update(JSON.stringify(value, sortKeys)).digest("hex");
}

/** The hash of a track's content, ignoring its version number. */
export function trackHash(track: Track): string {
  return hashOf({ ...track, version: 0 });
}

/** A hash of the compiled catalog, versions left out. */
export function catalogHash(catalog: Catalog): string {
  return hashOf({
    tracks: catalog.tracks.map((t) => ({ ...t, version: 0 })),
    glossary: catalog.glossary,
  });
}

export function assignTrackVersions(
  catalog: Catalog,
  newVersion: number,
  previous?: Catalog,
): Catalog {
  return {
    ...catalog,
    tracks: catalog.tracks.map((track) => {
      const before = previous?.tracks.find((t) => t.id === track.id);
      const unchanged = before && trackHash(before) === trackHash(track);
      return { ...track, version: unchanged ? before.version : newVersion };
    }),
  };
}

export function countLessons(catalog: Catalog): number {
  return catalog.tracks.reduce(
    (sum, track) =>
      sum +
      track.tutorials.reduce(
        (s, tu) => s + tu.chapters.reduce((c, ch) => c + ch.lessons.length, 0),
        0,
      ),
    0,
  );
}

/** A hash of every file under the content folder (names and bytes): cheap enough for each start. */
export function hashContentFolder(contentDir: string): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        hash.update(path.relative(contentDir, full));
        hash.update(readFileSync(full));
      }
    }
  };
  if (existsSync(contentDir)) walk(contentDir);
  return hash.digest("hex");
}
