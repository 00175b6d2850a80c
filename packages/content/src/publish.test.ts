import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Catalog, Track } from "@lumen/contracts";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "./load-content.ts";
import {
  assignTrackVersions,
  catalogHash,
  countLessons,
  hashContentFolder,
  trackHash,
} from "./publish.ts";
import { HELLO_CHAPTER, pythonTree, tempContentDir, writeTree } from "./testing.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function contentFolder(): string {
  const dir = tempContentDir();
  dirs.push(dir);
  writeTree(dir, pythonTree());
  return dir;
}

/** The catalog of the Python fixture plus a second track (a renumbered copy of it). */
let base: Catalog;
beforeAll(() => {
  const dir = tempContentDir();
  writeTree(dir, pythonTree());
  const { catalog, problems } = loadContent(dir);
  rmSync(dir, { recursive: true, force: true });
  expect(problems).toEqual([]);
  const python = catalog.tracks[0] as Track;
  const copy: Track = { ...structuredClone(python), id: 2, slug: "copy", title: "Copy" };
  base = { ...catalog, tracks: [python, copy] };
});
const twoTrackCatalog = (): Catalog => structuredClone(base);

/**
 * What PostgreSQL's jsonb gives back for a value: the same data with each object's keys reordered
 * (shorter keys first, then by bytes), as publish_sets.catalog is read for the next publish.
 */
function throughJsonb<T>(value: T): T {
  const reorder = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(reorder);
    if (v === null || typeof v !== "object") return v;
    const keys = Object.keys(v).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(keys.map((k) => [k, reorder((v as Record<string, unknown>)[k])]));
  };
  return reorder(JSON.parse(JSON.stringify(value))) as T;
}

const versions = (catalog: Catalog) => catalog.tracks.map((t) => [t.slug, t.version]);

/** The catalog with one lesson's title changed in the track of `slug`. */
function withChangedLesson(catalog: Catalog, slug: string): Catalog {
  const changed = structuredClone(catalog);
  const track = changed.tracks.find((t) => t.slug === slug);
  const lesson = track?.tutorials[0]?.chapters[0]?.lessons[0];
  if (!lesson) throw new Error("no lesson to change");
  lesson.title = `${lesson.title} (revised)`;
  return changed;
}

describe("assignTrackVersions", () => {
  it("gives every track the new set's version on the first publish", () => {
    const first = assignTrackVersions(twoTrackCatalog(), 1);
    expect(versions(first)).toEqual([
      ["python", 1],
      ["copy", 1],
    ]);
  });

  it("keeps every track's version when the same content is published again", () => {
    const first = assignTrackVersions(twoTrackCatalog(), 1);
    const second = assignTrackVersions(twoTrackCatalog(), 2, first);
    const third = assignTrackVersions(twoTrackCatalog(), 3, second);
    expect(versions(second)).toEqual([
      ["python", 1],
      ["copy", 1],
    ]);
    expect(third).toEqual(first);
  });

  it("gives a track with a changed lesson the new set's version, and keeps the others'", () => {
    const first = assignTrackVersions(twoTrackCatalog(), 1);
    const second = assignTrackVersions(withChangedLesson(twoTrackCatalog(), "python"), 2, first);
    expect(versions(second)).toEqual([
      ["python", 2],
      ["copy", 1],
    ]);
    // The changed track then keeps version 2 until it changes again.
    const third = assignTrackVersions(withChangedLesson(twoTrackCatalog(), "python"), 3, second);
    expect(versions(third)).toEqual([
      ["python", 2],
      ["copy", 1],
    ]);
    const fourth = assignTrackVersions(twoTrackCatalog(), 4, third);
    expect(versions(fourth)).toEqual([
      ["python", 4],
      ["copy", 1],
    ]);
  });

  it("keeps an unchanged track's version when the previous catalog comes back from jsonb", () => {
    const first = throughJsonb(assignTrackVersions(twoTrackCatalog(), 1));
    expect(Object.keys(first.tracks[0] ?? {})).not.toEqual(
      Object.keys(twoTrackCatalog().tracks[0] ?? {}),
    );
    const second = assignTrackVersions(withChangedLesson(twoTrackCatalog(), "copy"), 2, first);
    expect(versions(second)).toEqual([
      ["python", 1],
      ["copy", 2],
    ]);
  });

  it("bumps a track when its own fields or its order of lessons change", () => {
    const first = assignTrackVersions(twoTrackCatalog(), 1);
    const retitled = structuredClone(twoTrackCatalog());
    (retitled.tracks[0] as Track).description = "Now with more Python.";
    expect(versions(assignTrackVersions(retitled, 2, first))).toEqual([
      ["python", 2],
      ["copy", 1],
    ]);
    const reordered = structuredClone(twoTrackCatalog());
    reordered.tracks[1]?.tutorials[0]?.chapters[0]?.lessons.reverse();
    expect(versions(assignTrackVersions(reordered, 2, first))).toEqual([
      ["python", 1],
      ["copy", 2],
    ]);
  });

  it("gives a new track the new set's version, matching tracks by id rather than slug", () => {
    const first = assignTrackVersions(
      { ...twoTrackCatalog(), tracks: twoTrackCatalog().tracks.slice(0, 1) },
      1,
    );
    const added = assignTrackVersions(twoTrackCatalog(), 2, first);
    expect(versions(added)).toEqual([
      ["python", 1],
      ["copy", 2],
    ]);
    const renamed = structuredClone(twoTrackCatalog());
    (renamed.tracks[0] as Track).slug = "py";
    expect(versions(assignTrackVersions(renamed, 3, added))).toEqual([
      ["py", 3],
      ["copy", 2],
    ]);
  });

  it("does not bump any track for a glossary change, and passes the glossary through", () => {
    const first = assignTrackVersions(twoTrackCatalog(), 1);
    const catalog = twoTrackCatalog();
    const glossary = { ...catalog.glossary, sql: [] };
    const second = assignTrackVersions({ ...catalog, glossary }, 2, first);
    expect(versions(second)).toEqual([
      ["python", 1],
      ["copy", 1],
    ]);
    expect(second.glossary).toBe(glossary);
  });

  it("leaves the catalog it is given unchanged", () => {
    const catalog = twoTrackCatalog();
    const before = structuredClone(catalog);
    assignTrackVersions(catalog, 7);
    expect(catalog).toEqual(before);
  });
});

describe("trackHash and catalogHash", () => {
  it("ignore versions but not content", () => {
    const catalog = twoTrackCatalog();
    const python = catalog.tracks[0] as Track;
    expect(trackHash({ ...python, version: 9 })).toBe(trackHash(python));
    expect(trackHash({ ...python, title: "Python 3" })).not.toBe(trackHash(python));
    expect(trackHash(python)).toMatch(/^[0-9a-f]{64}$/);

    expect(catalogHash(assignTrackVersions(catalog, 5))).toBe(catalogHash(catalog));
    expect(catalogHash(withChangedLesson(catalog, "copy"))).not.toBe(catalogHash(catalog));
    expect(catalogHash({ ...catalog, glossary: {} })).not.toBe(catalogHash(catalog));
  });

  it("do not depend on the order of object keys", () => {
    const catalog = twoTrackCatalog();
    expect(trackHash(throughJsonb(catalog.tracks[0] as Track))).toBe(
      trackHash(catalog.tracks[0] as Track),
    );
    expect(catalogHash(throughJsonb(catalog))).toBe(catalogHash(catalog));
  });
});

describe("countLessons", () => {
  it("counts the lessons of every chapter of every track", () => {
    expect(countLessons(twoTrackCatalog())).toBe(22);
    expect(countLessons({ tracks: [], glossary: {} })).toBe(0);
  });
});

describe("hashContentFolder", () => {
  const lesson = `${HELLO_CHAPTER}/04-print-a-greeting.md`;

  it("is the same for the same files in another folder", () => {
    expect(hashContentFolder(contentFolder())).toBe(hashContentFolder(contentFolder()));
  });

  it("changes when a file's bytes change, a file is renamed or a file is added", () => {
    const dir = contentFolder();
    const original = hashContentFolder(dir);
    const file = path.join(dir, lesson);
    const text = readFileSync(file, "utf8");

    writeFileSync(file, text.replace("Hello, world!", "Hello, World!"));
    const edited = hashContentFolder(dir);
    expect(edited).not.toBe(original);
    writeFileSync(file, text);
    expect(hashContentFolder(dir)).toBe(original);

    const renamed = tempContentDir();
    dirs.push(renamed);
    const tree = pythonTree();
    const moved = tree[lesson] ?? "";
    delete tree[lesson];
    writeTree(renamed, { ...tree, [`${HELLO_CHAPTER}/04-print-hello.md`]: moved });
    expect(hashContentFolder(renamed)).not.toBe(original);

    writeTree(dir, { "glossary/sql.yaml": "language: sql\n" });
    expect(hashContentFolder(dir)).not.toBe(original);
  });

  it("hashes a missing folder as empty", () => {
    const empty = createHash("sha256").digest("hex");
    const dir = tempContentDir();
    dirs.push(dir);
    expect(hashContentFolder(path.join(dir, "missing"))).toBe(empty);
  });
});
