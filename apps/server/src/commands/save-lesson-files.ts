/**
 * Saves a learner's files for one lesson (POST .../lessons/{l}/savefiles). A save may carry some
 * of the lesson's files or all of them; each replaces the learner's earlier copy of that file.
 * Only the lesson's editable files are accepted, at most 200 KB a file and 1 MB for the lesson.
 */
import type { Lesson } from "@lumen/contracts";
import { and, type Db, eq, schema, sql } from "@lumen/db";
import { AppError, errors } from "../errors.ts";
import { editableFileNames } from "./find-chapter.ts";

export const MAX_FILE_BYTES = 200 * 1024;
export const MAX_LESSON_BYTES = 1024 * 1024;

export interface SaveLessonFilesOptions {
  db: Db;
  userId: string;
  lesson: Lesson;
  publishSetVersion: number;
  files: Array<{ name: string; content: string }>;
  at?: Date;
}

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

function checkFiles(lesson: Lesson, files: SaveLessonFilesOptions["files"]): void {
  const editable = new Set(editableFileNames(lesson));
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.name)) throw errors.validation(`files: ${file.name} is given twice.`);
    seen.add(file.name);
    if (!editable.has(file.name)) {
      throw errors.validation(
        `files: ${file.name} is not an editable file of lesson ${lesson.id}.`,
      );
    }
    if (bytes(file.content) > MAX_FILE_BYTES) {
      throw new AppError("payload_too_large", `${file.name} is larger than 200 KB.`);
    }
  }
}

export async function saveLessonFiles({
  db,
  userId,
  lesson,
  publishSetVersion,
  files,
  at = new Date(),
}: SaveLessonFilesOptions): Promise<void> {
  checkFiles(lesson, files);
  if (files.length === 0) return;
  const editable = new Set(editableFileNames(lesson));
  await db.transaction(async (tx) => {
    const mine = and(
      eq(schema.savedFiles.userId, userId),
      eq(schema.savedFiles.lessonId, lesson.id),
    );
    // Locks the learner's rows for this lesson, so that two saves at once cannot both pass the
    // lesson limit.
    const kept = await tx
      .select({ name: schema.savedFiles.name, content: schema.savedFiles.content })
      .from(schema.savedFiles)
      .where(mine)
      .for("update");
    const incoming = new Set(files.map((f) => f.name));
    const total =
      files.reduce((sum, f) => sum + bytes(f.content), 0) +
      kept
        .filter((row) => editable.has(row.name) && !incoming.has(row.name))
        .reduce((sum, row) => sum + bytes(row.content), 0);
    if (total > MAX_LESSON_BYTES) {
      throw new AppError(
        "payload_too_large",
        `The saved files of lesson ${lesson.id} would be larger than 1 MB.`,
      );
    }
    await tx
      .insert(schema.savedFiles)
      .values(
        files.map((f) => ({
          userId,
          lessonId: lesson.id,
          name: f.name,
          content: f.content,
          publishSetVersion,
          updatedAt: at,
        })),
      )
      .onConflictDoUpdate({
        target: [schema.savedFiles.userId, schema.savedFiles.lessonId, schema.savedFiles.name],
        set: {
          content: sql`excluded.content`,
          publishSetVersion: sql`excluded.publish_set_version`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  });
}
