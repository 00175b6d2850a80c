/**
 * The author's solution of a lesson, read from the catalog API as the demo admin: tests that
 * finish lessons through the screen write it in, whatever the paywall shows the learner.
 */
import { demoAdminToken } from "./learner.ts";

export interface LessonPlace {
  trackId: number;
  tutorialId: number;
  chapterId: number;
  index: number;
}

export interface SolutionFile {
  name: string;
  content: string;
  /** A starter file the learner cannot change. */
  readonly: boolean;
}

interface ChapterAnswer {
  lessons: {
    index: number;
    executableContent: { files: { name: string; readonly: boolean }[] };
    solution?: { name: string; content: string }[];
  }[];
}

export async function solutionFiles(baseUrl: string, place: LessonPlace): Promise<SolutionFile[]> {
  const { trackId, tutorialId, chapterId, index } = place;
  const res = await fetch(
    `${baseUrl}/v1/tracks/${trackId}/tutorials/${tutorialId}/chapters/${chapterId}`,
    { headers: { authorization: `Bearer ${await demoAdminToken(baseUrl)}` } },
  );
  if (!res.ok) throw new Error(`chapter ${chapterId} answered ${res.status}`);
  const chapter = (await res.json()) as ChapterAnswer;
  const lesson = chapter.lessons.find((l) => l.index === index);
  if (!lesson?.solution) throw new Error(`lesson ${index} of chapter ${chapterId} has no solution`);
  const readonly = new Set(
    lesson.executableContent.files.filter((f) => f.readonly).map((f) => f.name),
  );
  return lesson.solution.map((f) => ({ ...f, readonly: readonly.has(f.name) }));
}
