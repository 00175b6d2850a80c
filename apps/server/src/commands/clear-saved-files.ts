/**
 * Forgets a learner's saved files for every lesson of one chapter (POST .../savedFiles/clear),
 * as the tutor's clearProgress=true does before the lesson opens.
 */
import type { Chapter } from "@lumen/contracts";
import { and, type Db, eq, inArray, schema } from "@lumen/db";

export interface ClearSavedFilesOptions {
  db: Db;
  userId: string;
  chapter: Chapter;
}

/** Answers how many files were forgotten. */
export async function clearSavedFiles({
  db,
  userId,
  chapter,
}: ClearSavedFilesOptions): Promise<number> {
  const lessonIds = chapter.lessons.map((l) => l.id);
  if (lessonIds.length === 0) return 0;
  const deleted = await db
    .delete(schema.savedFiles)
    .where(
      and(eq(schema.savedFiles.userId, userId), inArray(schema.savedFiles.lessonId, lessonIds)),
    )
    .returning({ name: schema.savedFiles.name });
  return deleted.length;
}
