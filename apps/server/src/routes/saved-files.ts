/**
 * A learner's saved lesson files (issue 6, spec section 7), always the signed-in learner's own:
 * no path or query names a user, so nobody can read or change another learner's files.
 * - GET  /tracks/{t}/tutorials/{tu}/chapters/{c}/savedFiles?trackVersion=  → 200 { savedFiles }
 * - POST /tracks/{t}/tutorials/{tu}/chapters/{c}/savedFiles/clear?trackVersion=  → 204
 * - POST /tracks/{t}/tutorials/{tu}/chapters/{c}/lessons/{l}/savefiles?publishSetVersion=
 *   with { files: [{ userContent, name }] }  → 204
 */
import {
  chapterLessonParamsSchema,
  chapterParamsSchema,
  idParamSchema,
  postedFilesBodySchema,
} from "@lumen/contracts";
import { Hono } from "hono";
import { z } from "zod";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { clearSavedFiles } from "../commands/clear-saved-files.ts";
import { findChapter, findLesson } from "../commands/find-chapter.ts";
import { listSavedFiles } from "../commands/list-saved-files.ts";
import { saveLessonFiles } from "../commands/save-lesson-files.ts";
import { readJson, readParams, readQuery } from "../http/validate.ts";
import { presentSavedFiles } from "../presenters/saved-files.ts";

const trackVersionQuery = z.object({ trackVersion: z.optional(idParamSchema("trackVersion")) });
const publishSetVersionQuery = z.object({
  publishSetVersion: z.optional(idParamSchema("publishSetVersion")),
});

const CHAPTER = "/tracks/:trackId/tutorials/:tutorialId/chapters/:chapterId";

export const savedFilesRoutes = new Hono<AuthEnv>()
  .get(`${CHAPTER}/savedFiles`, requireUser(), async (c) => {
    const ids = readParams(c, chapterParamsSchema);
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
    const ids = readParams(c, chapterParamsSchema);
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
    const ids = readParams(c, chapterLessonParamsSchema);
    const { publishSetVersion } = readQuery(c, publishSetVersionQuery);
    const { files } = await readJson(c, postedFilesBodySchema);
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
      at: c.get("deps").clock(),
    });
    return c.body(null, 204);
  });
