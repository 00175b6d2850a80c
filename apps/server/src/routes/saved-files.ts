/**
 * A learner's saved lesson files (issue 6, spec section 7), always the signed-in learner's own:
 * no path or query names a user, so nobody can read or change another learner's files.
 * - GET  /tracks/{t}/tutorials/{tu}/chapters/{c}/savedFiles?trackVersion=  → 200 { savedFiles }
 * - POST /tracks/{t}/tutorials/{tu}/chapters/{c}/savedFiles/clear?trackVersion=  → 204
 * - POST /tracks/{t}/tutorials/{tu}/chapters/{c}/lessons/{l}/savefiles?publishSetVersion=
 *   with { files: [{ userContent, name }] }  → 204
 */
import { runFileSchema } from "@lumen/contracts";
import { Hono } from "hono";
import { z } from "zod";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { clearSavedFiles } from "../commands/clear-saved-files.ts";
import { findChapter, findLesson } from "../commands/find-chapter.ts";
import { listSavedFiles } from "../commands/list-saved-files.ts";
import { saveLessonFiles } from "../commands/save-lesson-files.ts";
import { readJson, readParams, readQuery } from "../http/validate.ts";
import { presentSavedFiles } from "../presenters/saved-files.ts";

export const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .positive(`${name} must be a positive whole number`);

export const chapterParams = z.object({
  trackId: positiveId("trackId"),
  tutorialId: positiveId("tutorialId"),
  chapterId: positiveId("chapterId"),
});
export const lessonParams = chapterParams.extend({ lessonId: positiveId("lessonId") });

const trackVersionQuery = z.object({ trackVersion: positiveId("trackVersion").optional() });
const publishSetVersionQuery = z.object({
  publishSetVersion: positiveId("publishSetVersion").optional(),
});

/** The wire shape of posted files (spec section 3: content travels as userContent). */
export const postedFilesBody = z.object({
  files: z
    .array(z.object({ name: runFileSchema.shape.name, userContent: z.string() }))
    .min(1)
    .max(20),
});

const CHAPTER = "/tracks/:trackId/tutorials/:tutorialId/chapters/:chapterId";

export const savedFilesRoutes = new Hono<AuthEnv>()
  .get(`${CHAPTER}/savedFiles`, requireUser(), async (c) => {
    const ids = readParams(c, chapterParams);
    const { trackVersion } = readQuery(c, trackVersionQuery);
    const { catalog, database } = c.get("deps");
    const { chapter } = await findChapter({
      ...ids,
      catalog,
      db: database.db,
      version: trackVersion,
    });
    const lessons = await listSavedFiles({ db: database.db, userId: currentUser(c).id, chapter });
    // A learner's own, changing data: never kept by a shared cache.
    c.header("Cache-Control", "private, no-store");
    return c.json(presentSavedFiles(lessons));
  })
  .post(`${CHAPTER}/savedFiles/clear`, requireUser(), async (c) => {
    const ids = readParams(c, chapterParams);
    const { trackVersion } = readQuery(c, trackVersionQuery);
    const { catalog, database } = c.get("deps");
    const { chapter } = await findChapter({
      ...ids,
      catalog,
      db: database.db,
      version: trackVersion,
    });
    await clearSavedFiles({ db: database.db, userId: currentUser(c).id, chapter });
    return c.body(null, 204);
  })
  .post(`${CHAPTER}/lessons/:lessonId/savefiles`, requireUser(), async (c) => {
    const ids = readParams(c, lessonParams);
    const { publishSetVersion } = readQuery(c, publishSetVersionQuery);
    const { files } = await readJson(c, postedFilesBody);
    const { catalog, database } = c.get("deps");
    const { lesson } = await findLesson({
      ...ids,
      catalog,
      db: database.db,
      version: publishSetVersion,
    });
    await saveLessonFiles({
      db: database.db,
      userId: currentUser(c).id,
      lesson,
      publishSetVersion: publishSetVersion ?? catalog.latest.version,
      files: files.map((f) => ({ name: f.name, content: f.userContent })),
    });
    return c.body(null, 204);
  });
