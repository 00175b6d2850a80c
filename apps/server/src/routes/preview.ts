/**
 * The course engineers' preview calls (issue 6, spec section 7), 403 for everyone else:
 * - POST /preview/tracks/{t}/tutorials/{tu}/chapters/{c}/lessons/{l}/runfiles with
 *   { files: [{ userContent, name }] } → 200 with the runners' RunResult.
 * - POST /preview/tracks/{t}/tutorials/{tu}/chapters/{c}/savedFiles/clearCache → 204.
 *
 * What "saved files cache" means here: the server keeps no copy of anyone's saved files (they
 * are read from the database on every call) and the published chapters are immutable, so the
 * only state a preview leaves behind is in the warm server-side runtimes: Python modules already
 * imported, files written into their virtual file systems, warm JavaScript threads. clearCache
 * disposes of them, so that the next runfiles starts from fresh runtimes, exactly as a learner's
 * first run would. It is process-wide (the chapter in the path is checked, not used to narrow).
 */
import {
  chapterLessonParamsSchema,
  chapterParamsSchema,
  postedFilesBodySchema,
} from "@lumen/contracts";
import { SandboxUnavailableError } from "@lumen/runners/sandbox";
import { Hono, type MiddlewareHandler } from "hono";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { clearPreviewCache } from "../commands/clear-preview-cache.ts";
import { findChapter, findLesson } from "../commands/find-chapter.ts";
import { runPreviewFiles } from "../commands/run-preview-files.ts";
import { AppError } from "../errors.ts";
import { readJson, readParams } from "../http/validate.ts";

const COURSE_ENGINEER = "course_engineer";
const CHAPTER = "/preview/tracks/:trackId/tutorials/:tutorialId/chapters/:chapterId";

/** After requireUser: a signed-in learner without the role gets 403, before anything is read. */
const courseEngineersOnly: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (!currentUser(c).roles.includes(COURSE_ENGINEER))
    throw new AppError("forbidden", "Only course engineers can use the preview.");
  await next();
};

export const previewRoutes = new Hono<AuthEnv>()
  .post(`${CHAPTER}/lessons/:lessonId/runfiles`, requireUser(), courseEngineersOnly, async (c) => {
    const ids = readParams(c, chapterLessonParamsSchema);
    const { files } = await readJson(c, postedFilesBodySchema);
    const { catalog, database, preview } = c.get("deps");
    const { lesson } = await findLesson({ ...ids, catalog, db: database.db });
    try {
      const result = await runPreviewFiles({
        runners: preview,
        lesson,
        files: files.map((f) => ({ name: f.name, content: f.userContent })),
      });
      return c.json(result);
    } catch (error) {
      // Posted code runs only in the sandbox: without one, the preview says so (ADR 0018).
      if (error instanceof SandboxUnavailableError)
        throw new AppError("unavailable", error.message);
      throw error;
    }
  })
  .post(`${CHAPTER}/savedFiles/clearCache`, requireUser(), courseEngineersOnly, async (c) => {
    const ids = readParams(c, chapterParamsSchema);
    const { catalog, database, preview } = c.get("deps");
    await findChapter({ ...ids, catalog, db: database.db });
    await clearPreviewCache({ runners: preview });
    return c.body(null, 204);
  });
