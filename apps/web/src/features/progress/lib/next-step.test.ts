import { describe, expect, it } from "vitest";
import type { TrackOutline } from "../../../lib/catalog-client.ts";
import { outlineTutorial } from "../../../lib/testing/outline.ts";
import { lessonHref, nextStep, nextStepHref, resumeIndex } from "./next-step.ts";

const tutorial = outlineTutorial;

const track: TrackOutline = {
  id: 1,
  slug: "python",
  title: "Python",
  description: "",
  language: "python",
  version: 3,
  counts: { sections: 2, tutorials: 3, chapters: 4, lessons: 8 },
  sections: [
    {
      index: 0,
      title: "Basics",
      free: true,
      tutorials: [tutorial(10, [11, 12]), tutorial(20, [21])],
    },
    { index: 1, title: "Project", free: false, tutorials: [tutorial(30, [31], true)] },
  ],
};

describe("nextStep", () => {
  it("goes on to the next chapter of the tutorial", () => {
    expect(nextStep(track, { tutorialId: 10, chapterId: 11 })).toEqual({
      kind: "lesson",
      trackId: 1,
      tutorialId: 10,
      chapterId: 12,
      lessonIndex: 0,
    });
  });

  it("goes on to the next tutorial after a tutorial's last chapter", () => {
    expect(nextStep(track, { tutorialId: 10, chapterId: 12 })).toMatchObject({
      kind: "lesson",
      tutorialId: 20,
      chapterId: 21,
    });
  });

  it("celebrates a finished project tutorial", () => {
    const step = nextStep(track, { tutorialId: 30, chapterId: 31 });
    expect(step).toEqual({
      kind: "projectDone",
      trackId: 1,
      tutorialId: 30,
      chapterId: 31,
      sectionIndex: 1,
    });
    expect(nextStepHref(step)).toBe(
      "/web/project-done?trackId=1&tutorialId=30&chapterId=31&sectionIndex=1",
    );
  });

  it("returns to the learning path when the section is done or the place is unknown", () => {
    expect(nextStep(track, { tutorialId: 20, chapterId: 21 })).toEqual({
      kind: "section",
      trackId: 1,
      sectionIndex: 0,
    });
    expect(nextStepHref(nextStep(track, { tutorialId: 99, chapterId: 1 }))).toBe(
      "/web/1/section/0",
    );
  });
});

describe("lesson links", () => {
  it("use the learn route with the lesson index", () => {
    expect(lessonHref({ trackId: 1, tutorialId: 2, chapterId: 3, lessonIndex: 4 })).toBe(
      "/web/track/1/tutorial/2/chapter/3/learn?lesson=4",
    );
  });

  it("resume at the first unfinished lesson", () => {
    const lessons = [
      { id: 1, index: 0 },
      { id: 2, index: 1 },
      { id: 3, index: 2 },
    ];
    expect(resumeIndex(lessons, new Set([1]))).toBe(1);
    expect(resumeIndex(lessons, new Set([1, 2, 3]))).toBe(0);
    expect(resumeIndex(lessons, new Set())).toBe(0);
  });
});
