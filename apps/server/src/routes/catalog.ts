/** The catalog API (issue 5): tracks, one track's outline, one chapter's lessons. */

import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { errors } from "../errors.ts";
import { readParams, readQuery } from "../http/validate.ts";
import { presentChapter, presentTrack, presentTrackSummary } from "../presenters/catalog.ts";

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .positive(`${name} must be a positive whole number`);
const versionQuery = z.object({ trackVersion: id("trackVersion").optional() });

/** Versioned answers never change; the latest may, so it is cached briefly and revalidated. */
function cacheFor(c: Context<AppEnv>, tag: string, pinned: boolean): Response | undefined {
  const etag = `W/"${tag}"`;
  c.header("ETag", etag);
  c.header(
    "Cache-Control",
    pinned ? "public, max-age=31536000, immutable" : "public, max-age=60, must-revalidate",
  );
  if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
  return undefined;
}

export const catalogRoutes = new Hono<AppEnv>()
  .get("/tracks", (c) => {
    const store = c.get("deps").catalog;
    const cached = cacheFor(c, `catalog-${store.latest.version}`, false);
    if (cached) return cached;
    return c.json({ tracks: store.tracks().map(presentTrackSummary) });
  })
  .get("/tracks/:trackId", async (c) => {
    const { trackId } = readParams(c, z.object({ trackId: id("trackId") }));
    const { trackVersion } = readQuery(c, versionQuery);
    const track = await c.get("deps").catalog.track(trackId, trackVersion);
    const cached = cacheFor(c, `track-${track.id}-v${track.version}`, trackVersion !== undefined);
    if (cached) return cached;
    return c.json(presentTrack(track));
  })
  .get("/tracks/:trackId/tutorials/:tutorialId/chapters/:chapterId", async (c) => {
    const params = readParams(
      c,
      z.object({
        trackId: id("trackId"),
        tutorialId: id("tutorialId"),
        chapterId: id("chapterId"),
      }),
    );
    const { trackVersion } = readQuery(c, versionQuery);
    const track = await c.get("deps").catalog.track(params.trackId, trackVersion);
    const tutorial = track.tutorials.find((t) => t.id === params.tutorialId);
    if (!tutorial) throw errors.notFound(`Tutorial ${params.tutorialId} in track ${track.id}`);
    const chapter = tutorial.chapters.find((ch) => ch.id === params.chapterId);
    if (!chapter) throw errors.notFound(`Chapter ${params.chapterId} in tutorial ${tutorial.id}`);
    const cached = cacheFor(
      c,
      `chapter-${chapter.id}-v${track.version}`,
      trackVersion !== undefined,
    );
    if (cached) return cached;
    return c.json(presentChapter(track, tutorial.id, chapter));
  })
  .get("/glossary/:language", (c) => {
    const terms = c.get("deps").catalog.glossary()[c.req.param("language")];
    if (!terms) throw errors.notFound(`The ${c.req.param("language")} glossary`);
    return c.json({ language: c.req.param("language"), terms });
  });
