/** Shapes saved-files answers: the spec's savedFiles list, never the database rows. */
import type { SavedFilesAnswer } from "@lumen/contracts";
import type { LessonFiles } from "../commands/list-saved-files.ts";

export function presentSavedFiles(lessons: LessonFiles[]): SavedFilesAnswer {
  return {
    savedFiles: lessons.map((lesson) => ({
      lessonId: lesson.lessonId,
      files: lesson.files.map(({ name, content }) => ({ name, content })),
    })),
  };
}
