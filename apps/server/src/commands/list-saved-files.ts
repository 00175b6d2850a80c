/**
 * A learner's saved files for one chapter as of a version (GET .../savedFiles). Only files that
 * still exist, editable, in that version's lessons are answered: this is how saved work carries
 * over to a new publish set, lesson by lesson and file by file.
 */
import type { Chapter } from "@lumen/contracts";
import { and, type Db, eq, inArray, schema } from "@lumen/db";
import { editableFileNames } from "./find-chapter.ts";

export interface ListSavedFilesOptions {
  db: Db;
  userId: string;
  chapter: Chapter;
}

export interface LessonFiles {
  lessonId: number;
  files: Array<{ name: string; content: string }>;
}

/** In the chapter's lesson order, each lesson's files in the lesson's own file order. */
export async function listSavedFiles({
  db,
  userId,
  chapter,
}: ListSavedFilesOptions): Promise<LessonFiles[]> {
  const lessonIds = chapter.lessons.map((l) => l.id);
  if (lessonIds.length === 0) return [];
  const rows = await db
    .select({
      lessonId: schema.savedFiles.lessonId,
      name: schema.savedFiles.name,
      content: schema.savedFiles.content,
    })
    .from(schema.savedFiles)
    .where(
      and(eq(schema.savedFiles.userId, userId), inArray(schema.savedFiles.lessonId, lessonIds)),
    );
  const byKey = new Map(rows.map((r) => [`${r.lessonId}/${r.name}`, r.content]));
  return chapter.lessons.flatMap((lesson) => {
    const files = editableFileNames(lesson).flatMap((name) => {
      const content = byKey.get(`${lesson.id}/${name}`);
      return content === undefined ? [] : [{ name, content }];
    });
    return files.length ? [{ lessonId: lesson.id, files }] : [];
  });
}
