/** Publishing content and the catalog API, against a real database and a small content folder. */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { lessonChapterSchema, trackListSchema, trackOutlineSchema } from "@lumen/contracts";
import type { Database } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { parseEnv } from "../env.ts";
import { CatalogStore } from "./catalog-store.ts";
import { publishContent } from "./publish-content.ts";

const logger = pino({ level: "silent" });
const source = path.resolve(import.meta.dirname, "../../../../content");
let contentDir: string;
let database: Database;

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(tmpdir(), "lumen-content-"));
  cpSync(path.join(source, "tracks/python"), path.join(contentDir, "tracks/python"), {
    recursive: true,
  });
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  rmSync(contentDir, { recursive: true, force: true });
});

async function appWithLatest() {
  const set = await publishContent({ db: database.db, contentDir, logger });
  const catalog = new CatalogStore(database.db, set);
  return { app: createApp({ database, env: parseEnv({}), logger, catalog }), set };
}

describe("publishing", () => {
  it("publishes once, and again only when the content changed", async () => {
    const first = await publishContent({ db: database.db, contentDir, logger });
    const again = await publishContent({ db: database.db, contentDir, logger });
    expect(first?.version).toBeGreaterThan(0);
    expect(again?.version).toBe(first?.version);
    const track = first?.catalog.tracks.find((t) => t.slug === "python");
    expect(track?.version).toBe(first?.version);
  });

  it("does not publish content with problems, and keeps the last good set", async () => {
    const before = await publishContent({ db: database.db, contentDir, logger });
    const broken = path.join(contentDir, "tracks/python/track.yaml");
    const original = (await import("node:fs")).readFileSync(broken, "utf8");
    writeFileSync(broken, original.replace(/^id: 1$/m, "id: nope"));
    const after = await publishContent({ db: database.db, contentDir, logger });
    writeFileSync(broken, original);
    expect(after?.version).toBe(before?.version);
  });
});

describe("the catalog API", () => {
  it("lists tracks with counts and versions", async () => {
    const { app, set } = await appWithLatest();
    const res = await app.request("/v1/tracks");
    expect(res.status).toBe(200);
    // The answer is the contract's shape, which the web app parses it with.
    const body = trackListSchema.parse(await res.json());
    const python = body.tracks.find((t) => t.slug === "python");
    expect(python?.version).toBe(set?.catalog.tracks[0]?.version);
    expect(python?.counts.lessons).toBeGreaterThanOrEqual(32);
  });

  it("serves a track's outline and a chapter's full lessons", async () => {
    const { app } = await appWithLatest();
    const track = trackOutlineSchema.parse(await (await app.request("/v1/tracks/1")).json());
    const tutorial = track.sections[0]?.tutorials[0];
    const chapter = tutorial?.chapters[0];
    expect(chapter?.lessons[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), type: expect.any(String) }),
    );
    const res = await app.request(`/v1/tracks/1/tutorials/${tutorial?.id}/chapters/${chapter?.id}`);
    expect(res.status).toBe(200);
    const full = lessonChapterSchema.parse(await res.json());
    expect(full.lessons.length).toBe(chapter?.lessons.length);
    expect(
      full.lessons.some((l) => l.executableContent.files.length > 0 && l.kind === "python"),
    ).toBe(true);
  });

  it("answers 404 with { code, message } for unknown ids and 400 for non-numeric ones", async () => {
    const { app } = await appWithLatest();
    const unknown = await app.request("/v1/tracks/9");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: "not_found", message: "Track 9 does not exist." });
    expect((await app.request("/v1/tracks/1/tutorials/999/chapters/1")).status).toBe(404);
    expect((await app.request("/v1/tracks/1/tutorials/101/chapters/99999")).status).toBe(404);
    const bad = await app.request("/v1/tracks/abc");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: "validation_failed",
      message: "trackId: trackId must be a positive whole number",
    });
    expect((await app.request("/v1/tracks/1?trackVersion=-2")).status).toBe(400);
  });

  it("keeps old versions readable, cacheable, after a new version is published", async () => {
    const { set: v1 } = await appWithLatest();
    const lessonFile = path.join(
      contentDir,
      "tracks/python/01-hello-python/01-first-steps/01-what-is-python.md",
    );
    const fs = await import("node:fs");
    fs.writeFileSync(
      lessonFile,
      fs.readFileSync(lessonFile, "utf8").replace(/^title: .*$/m, "title: What Python is"),
    );
    const { app, set: v2 } = await appWithLatest();
    expect(v2!.version).toBeGreaterThan(v1!.version);
    const oldVersion = v1!.catalog.tracks[0]!.version;
    const latest = await app.request("/v1/tracks/1");
    expect(((await latest.json()) as { version: number }).version).toBe(v2!.version);
    expect(latest.headers.get("cache-control")).toContain("max-age=60");
    const pinned = await app.request(`/v1/tracks/1?trackVersion=${oldVersion}`);
    expect(pinned.status).toBe(200);
    expect(((await pinned.json()) as { version: number }).version).toBe(oldVersion);
    expect(pinned.headers.get("cache-control")).toContain("immutable");
    const etag = pinned.headers.get("etag")!;
    expect(
      (
        await app.request(`/v1/tracks/1?trackVersion=${oldVersion}`, {
          headers: { "If-None-Match": etag },
        })
      ).status,
    ).toBe(304);
    // Lesson ids are stable across versions, so saved work and progress keyed by them carry over.
    const ids = (set: typeof v1) =>
      set!.catalog.tracks[0]!.tutorials.flatMap((t) =>
        t.chapters.flatMap((c) => c.lessons.map((l) => l.id)),
      );
    expect(ids(v2)).toEqual(ids(v1));
    expect((await app.request("/v1/tracks/1?trackVersion=999")).status).toBe(404);
  });

  it("moves only the changed track to the new version, after a round trip through the database", async () => {
    // The previous catalog comes back from a jsonb column with its keys reordered; an unchanged
    // track must still hash as it did and keep its version.
    const fs = await import("node:fs");
    cpSync(path.join(source, "tracks/sql"), path.join(contentDir, "tracks/sql"), {
      recursive: true,
    });
    try {
      const before = await publishContent({ db: database.db, contentDir, logger });
      const version = (set: typeof before, slug: string) =>
        set?.catalog.tracks.find((t) => t.slug === slug)?.version;
      const lessonFile = path.join(
        contentDir,
        "tracks/python/01-hello-python/01-first-steps/01-what-is-python.md",
      );
      fs.writeFileSync(
        lessonFile,
        fs.readFileSync(lessonFile, "utf8").replace(/^title: .*$/m, "title: Python, first"),
      );
      const after = await publishContent({ db: database.db, contentDir, logger });
      expect(after?.version).toBeGreaterThan(before?.version ?? 0);
      expect(version(after, "python")).toBe(after?.version);
      expect(version(after, "sql")).toBe(version(before, "sql"));
    } finally {
      rmSync(path.join(contentDir, "tracks/sql"), { recursive: true, force: true });
    }
  });
});
