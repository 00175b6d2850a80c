/**
 * The lessons finished in a chapter on this device: the learn screen's progress indicator and
 * where it resumes. The server's progress (issue 7) is the record; this is the screen's memory,
 * which the tutor's clearProgress=true wipes.
 */

const key = (chapterId: number) => `lumen-chapter-progress:${chapterId}`;

function read(chapterId: number): number[] {
  try {
    const raw = localStorage.getItem(key(chapterId));
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];
  } catch {
    return [];
  }
}

export function finishedLessons(chapterId: number): Set<number> {
  return new Set(read(chapterId));
}

export function markLessonFinished(chapterId: number, lessonId: number): void {
  const ids = new Set(read(chapterId));
  ids.add(lessonId);
  try {
    localStorage.setItem(key(chapterId), JSON.stringify([...ids]));
  } catch {
    // Without storage the indicator simply starts again next visit; the server keeps the record.
  }
}

export function clearChapterProgress(chapterId: number): void {
  try {
    localStorage.removeItem(key(chapterId));
  } catch {
    // Nothing stored, nothing to clear.
  }
}
