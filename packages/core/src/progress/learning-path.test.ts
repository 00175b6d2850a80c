import { describe, expect, it } from "vitest";
import {
  defaultSectionIndex,
  type PathTrack,
  resumePoint,
  tutorialStates,
  unlockedBy,
} from "./learning-path.ts";

const tutorial = (id: number, lessonCount: number) => ({
  id,
  chapters: [
    {
      id: id * 100 + 1,
      lessons: Array.from({ length: lessonCount }, (_, i) => ({
        id: (id * 100 + 1) * 100 + i + 1,
        index: i,
      })),
    },
  ],
});

const track: PathTrack = {
  sections: [
    { index: 0, tutorialIds: [101, 102] },
    { index: 1, tutorialIds: [103] },
  ],
  tutorials: [tutorial(101, 2), tutorial(102, 2), tutorial(103, 1)],
};

describe("tutorial states", () => {
  it("opens the first tutorial of each section and locks the rest", () => {
    expect(tutorialStates(track, new Set()).map((t) => t.state)).toEqual([
      "current",
      "locked",
      "current",
    ]);
  });

  it("unlocks in order as tutorials are done", () => {
    const states = tutorialStates(track, new Set([1010101, 1010102, 1020101]));
    expect(states).toEqual([
      { id: 101, state: "done", completedLessons: 2, totalLessons: 2 },
      { id: 102, state: "current", completedLessons: 1, totalLessons: 2 },
      { id: 103, state: "current", completedLessons: 0, totalLessons: 1 },
    ]);
  });
});

describe("unlocking", () => {
  it("names the next tutorial in the section", () => {
    expect(unlockedBy(track, 101, new Set([1010101, 1010102]))).toBe(102);
  });

  it("unlocks nothing after a section's last tutorial", () => {
    expect(unlockedBy(track, 102, new Set())).toBeNull();
    expect(unlockedBy(track, 103, new Set())).toBeNull();
  });
});

describe("resuming", () => {
  it("starts a new learner at the first lesson", () => {
    expect(defaultSectionIndex(track, new Set())).toBe(0);
    expect(resumePoint(track, 0, new Set())).toEqual({
      sectionIndex: 0,
      tutorialId: 101,
      chapterId: 10101,
      lessonIndex: 0,
    });
  });

  it("resumes at the first unfinished lesson", () => {
    expect(resumePoint(track, 0, new Set([1010101, 1010102, 1020101]))).toEqual({
      sectionIndex: 0,
      tutorialId: 102,
      chapterId: 10201,
      lessonIndex: 1,
    });
  });

  it("moves to the next section once one is finished, and stays at the end of a finished one", () => {
    const done = new Set([1010101, 1010102, 1020101, 1020102]);
    expect(defaultSectionIndex(track, done)).toBe(1);
    expect(resumePoint(track, 0, done)?.lessonIndex).toBe(1);
    expect(resumePoint(track, 0, done)?.tutorialId).toBe(102);
  });

  it("knows no section that does not exist", () => {
    expect(resumePoint(track, 5, new Set())).toBeUndefined();
  });
});
