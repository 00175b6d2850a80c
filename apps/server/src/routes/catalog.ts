/**
 * The catalog API (issue 5): tracks, one track's outline, one chapter's lessons. A chapter outside
 * the free sections answers 402 plan_required to a caller whose plan does not open it (issue 15).
 */

import { chapterParamsSchema, idParamSchema, trackIdParamsSchema } from "@lumen/contracts";
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { assertLessonOpen, isTutorialFree } from "../billing/lesson-access.ts";
import { chapterIn } from "../commands/find-chapter.ts";
import type { AppEnv } from "../context.ts";
import { errors } from "../errors.ts";
import { readParams, readQuery } from "../http/validate.ts";
import { presentChapter, presentTrack, presentTrackSummary } from "../presenters/catalog.ts";

const glossaryParams = z.object({ language: z.string().max(40) });
const versionQuery = z.object({ trackVersion: z.optional(idParamSchema("trackVersion")) });

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
    const { trackId } = readParams(c, trackIdParamsSchema);
    const { trackVersion } = readQuery(c, versionQuery);
    const track = await c.get("deps").catalog.track(trackId, trackVersion);
    const cached = cacheFor(c, `track-${track.id}-v${track.version}`, trackVersion !== undefined);
    if (cached) return cached;
    return c.json(presentTrack(track));
  })
  .get("/tracks/:trackId/tutorials/:tutorialId/chapters/:chapterId", async (c) => {
    const params = readParams(c, chapterParamsSchema);
    const { trackVersion } = readQuery(c, versionQuery);
    // The catalog answers a track's own versions only (not any publish set's, as findChapter).
    const track = await c.get("deps").catalog.track(params.trackId, trackVersion);
    const { tutorial, chapter } = chapterIn(track, params);
    if (!isTutorialFree(track, tutorial.id)) {
      const { database, env, clock } = c.get("deps");
      await assertLessonOpen({
        db: database.db,
        user: c.get("user"),
        track,
        tutorialId: tutorial.id,
        now: clock(),
        env,
      });
      // Locked content answers its caller only: never kept by a shared cache, nor revalidated.
      c.header("Cache-Control", "private, no-store");
      c.header("Vary", "Authorization");
      return c.json(presentChapter(track, tutorial.id, chapter));
    }
    const cached = cacheFor(
      c,
      `chapter-${chapter.id}-v${track.version}`,
      trackVersion !== undefined,
    );
    if (cached) return cached;
    return c.json(presentChapter(track, tutorial.id, chapter));
  })
  .get("/glossary/:language", (c) => {
    const { language } = readParams(c, glossaryParams);
    const glossary = c.get("deps").catalog.glossary();
    // Own keys only: "__proto__" or "constructor" name no glossary.
    const terms = Object.hasOwn(glossary, language) ? glossary[language] : undefined;
    if (!terms) throw errors.notFound(`The ${language} glossary`);
    return c.json({ language, terms });
  });
