/**
 * Which lessons of a chapter the lesson bar shows finished, and where the chapter resumes
 * (issue 13). The server's progress is the truth; this device's copy, kept per learner, only
 * fills the gap while the server cannot be asked (offline). Completions still waiting in the
 * queue count too (made offline, or by a guest before signing up), and so do the lessons passed
 * on this screen just now. A guest has no server copy: their progress is the queue.
 */

const PREFIX = "lumen-chapter-progress:";
const key = (owner: string, chapterId: number) => `${PREFIX}${owner}:${chapterId}`;

/** The lesson ids one chapter's bar shows finished. */
export function finishedInChapter(input: {
  /** The chapter's lesson ids. */
  lessonIds: readonly number[];
  /** The server's finished lessons of the track, or undefined while they are not known. */
  server: ReadonlySet<number> | undefined;
  /** This device's copy for the learner: used only when the server's is not known. */
  device: ReadonlySet<number>;
  /** Completions waiting in the queue (this learner's and a guest's). */
  queued: ReadonlySet<number>;
  /** Lessons passed on this screen whose completion was not refused. */
  passed: ReadonlySet<number>;
}): Set<number> {
  const { lessonIds, server, device, queued, passed } = input;
  const known = server ?? device;
  return new Set(lessonIds.filter((id) => known.has(id) || queued.has(id) || passed.has(id)));
}

/** The index of the first lesson not finished; the first lesson when all are. */
export function resumeIndex(
  lessons: ReadonlyArray<{ id: number }>,
  finished: ReadonlySet<number>,
): number {
  return Math.max(
    lessons.findIndex((lesson) => !finished.has(lesson.id)),
    0,
  );
}

function read(owner: string, chapterId: number): number[] {
  try {
    const raw = localStorage.getItem(key(owner, chapterId));
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)) : [];
  } catch {
    return [];
  }
}

/** This device's copy of the lessons a learner finished in a chapter. */
export function finishedLessons(owner: string, chapterId: number): Set<number> {
  return new Set(read(owner, chapterId));
}

/** Notes on this device that a learner finished a lesson (the server agreed, or it is queued). */
export function markLessonFinished(owner: string, chapterId: number, lessonId: number): void {
  const ids = new Set(read(owner, chapterId));
  if (ids.has(lessonId)) return;
  ids.add(lessonId);
  try {
    localStorage.setItem(key(owner, chapterId), JSON.stringify([...ids]));
  } catch {
    // Without storage the gap is simply not filled offline; the server keeps the record.
  }
}

/** Forgets this device's copy of a chapter, for every learner (the tutor's clearProgress). */
export function clearChapterProgress(chapterId: number): void {
  try {
    const names: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const name = localStorage.key(i);
      if (name?.startsWith(PREFIX) && name.endsWith(`:${chapterId}`)) names.push(name);
    }
    // The copy of the release before owners were kept apart, too.
    names.push(`${PREFIX}${chapterId}`);
    for (const name of names) localStorage.removeItem(name);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
