/**
 * A track's learning path (issue 7): tutorials unlock in order within a section, a tutorial is
 * done when every lesson in it is complete, and the learner resumes at the first lesson they have
 * not finished.
 */

export interface PathLesson {
  id: number;
  index: number;
}
export interface PathTutorial {
  id: number;
  chapters: ReadonlyArray<{ id: number; lessons: readonly PathLesson[] }>;
}
export interface PathTrack {
  sections: ReadonlyArray<{ index: number; tutorialIds: readonly number[] }>;
  tutorials: readonly PathTutorial[];
}

export type TutorialState = "locked" | "current" | "done";

export interface TutorialProgress {
  id: number;
  state: TutorialState;
  completedLessons: number;
  totalLessons: number;
}

export interface ResumePoint {
  sectionIndex: number;
  tutorialId: number;
  chapterId: number;
  lessonIndex: number;
}

const lessonsOf = (tutorial: PathTutorial) => tutorial.chapters.flatMap((c) => c.lessons);

export function tutorialDone(tutorial: PathTutorial, completed: ReadonlySet<number>): boolean {
  return lessonsOf(tutorial).every((lesson) => completed.has(lesson.id));
}

function tutorialById(track: PathTrack, id: number): PathTutorial | undefined {
  return track.tutorials.find((t) => t.id === id);
}

/** Every tutorial of the track, in section order: done, the first unfinished one, or locked. */
export function tutorialStates(
  track: PathTrack,
  completed: ReadonlySet<number>,
): TutorialProgress[] {
  return track.sections.flatMap((section) => {
    let currentGiven = false;
    return section.tutorialIds.flatMap((id) => {
      const tutorial = tutorialById(track, id);
      if (!tutorial) return [];
      const lessons = lessonsOf(tutorial);
      const completedLessons = lessons.filter((l) => completed.has(l.id)).length;
      let state: TutorialState = "done";
      if (completedLessons < lessons.length) {
        state = currentGiven ? "locked" : "current";
        currentGiven = true;
      }
      return [{ id, state, completedLessons, totalLessons: lessons.length }];
    });
  });
}

export function sectionIndexOfTutorial(track: PathTrack, tutorialId: number): number | undefined {
  return track.sections.find((s) => s.tutorialIds.includes(tutorialId))?.index;
}

/** The tutorial a finished one unlocks: the next one in its section, unless that is done too. */
export function unlockedBy(
  track: PathTrack,
  finishedTutorialId: number,
  completed: ReadonlySet<number>,
): number | null {
  const section = track.sections.find((s) => s.tutorialIds.includes(finishedTutorialId));
  if (!section) return null;
  const position = section.tutorialIds.indexOf(finishedTutorialId);
  const next = tutorialById(track, section.tutorialIds[position + 1] ?? -1);
  if (!next || tutorialDone(next, completed)) return null;
  return next.id;
}

/** Where a learner with no chosen section resumes: the first section with unfinished work. */
export function defaultSectionIndex(track: PathTrack, completed: ReadonlySet<number>): number {
  const unfinished = track.sections.find((s) =>
    s.tutorialIds.some((id) => {
      const tutorial = tutorialById(track, id);
      return tutorial !== undefined && !tutorialDone(tutorial, completed);
    }),
  );
  return unfinished?.index ?? track.sections[track.sections.length - 1]?.index ?? 0;
}

/**
 * Where the learner resumes in a section: the first lesson not yet finished in its current
 * tutorial; in a finished section, its last lesson. Undefined for a section that does not exist
 * or holds no lessons.
 */
export function resumePoint(
  track: PathTrack,
  sectionIndex: number,
  completed: ReadonlySet<number>,
): ResumePoint | undefined {
  const section = track.sections.find((s) => s.index === sectionIndex);
  if (!section) return undefined;
  const tutorials = section.tutorialIds
    .map((id) => tutorialById(track, id))
    .filter((t): t is PathTutorial => t !== undefined);
  const positions = tutorials.flatMap((tutorial) =>
    tutorial.chapters.flatMap((chapter) =>
      chapter.lessons.map((lesson) => ({
        sectionIndex,
        tutorialId: tutorial.id,
        chapterId: chapter.id,
        lessonIndex: lesson.index,
        done: completed.has(lesson.id),
      })),
    ),
  );
  const point = positions.find((p) => !p.done) ?? positions[positions.length - 1];
  if (!point) return undefined;
  const { done: _done, ...resume } = point;
  return resume;
}
