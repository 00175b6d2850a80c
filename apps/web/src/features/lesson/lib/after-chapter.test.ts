import type { CompletionResult } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import type { TrackOutline } from "../../../lib/catalog-client.ts";
import { outlineTutorial } from "../../../lib/testing/outline.ts";
import type { CompleteLessonOutcome } from "../../progress/lib/complete-lesson.ts";
import {
  afterChapter,
  chapterEndEvents,
  isLastChapterOfTutorial,
  nextChapterOf,
} from "./after-chapter.ts";

const tutorial = outlineTutorial;

/** Section 0: tutorials 10 (chapters 11, 12), 30 (a project, 31) and 20 (21); section 1: 40. */
const track: TrackOutline = {
  id: 1,
  slug: "python",
  title: "Python",
  description: "",
  language: "python",
  version: 3,
  counts: { sections: 2, tutorials: 4, chapters: 5, lessons: 10 },
  sections: [
    {
      index: 0,
      title: "Basics",
      free: true,
      tutorials: [tutorial(10, [11, 12]), tutorial(30, [31], true), tutorial(20, [21])],
    },
    { index: 1, title: "More", free: false, tutorials: [tutorial(40, [41])] },
  ],
};

const at = (tutorialId: number, chapterId: number) => ({ trackId: 1, tutorialId, chapterId });

/** What the server answers a counted completion: today's XP already includes this lesson's. */
function answered(todayXp: number, xpEarned: number): CompleteLessonOutcome {
  const result: CompletionResult = {
    counted: true,
    xpEarned,
    coinsEarned: 1,
    chapterFinished: true,
    tutorialFinished: false,
    unlockedTutorialId: null,
    streakIncreased: false,
    milestone: null,
    progress: {
      today: { date: "2026-11-25", xp: todayXp },
      dailyGoal: { xp: 30 },
      streak: { current: 1, longest: 1, todayCounted: true, freezes: 0 },
      coins: { balance: 1 },
      timeZone: "UTC",
    },
  };
  return { queued: false, result };
}

describe("the events of a finished chapter", () => {
  it("send finish_chapter, and finish_tutorial after a tutorial's last chapter", () => {
    expect(chapterEndEvents("learn", track, at(10, 11))).toEqual(["finish_chapter"]);
    expect(chapterEndEvents("tutor", track, at(10, 12))).toEqual([
      "finish_chapter",
      "finish_tutorial",
    ]);
    expect(chapterEndEvents("learn", track, at(20, 21))).toEqual([
      "finish_chapter",
      "finish_tutorial",
    ]);
  });

  it("send nothing for practice", () => {
    expect(chapterEndEvents("challenge", track, at(10, 12))).toEqual([]);
  });

  it("count no chapter as a tutorial's last while the outline is unknown", () => {
    expect(isLastChapterOfTutorial(undefined, at(10, 12))).toBe(false);
    expect(isLastChapterOfTutorial(track, at(99, 12))).toBe(false);
    expect(chapterEndEvents("learn", undefined, at(10, 12))).toEqual(["finish_chapter"]);
  });
});

describe("where a signed-in learner goes after a chapter", () => {
  const place = { trackId: 1, tutorialId: 10, chapterId: 11, sectionIndex: 0 };

  it("goes to the daily goal, counting up from the XP before the last lesson", () => {
    expect(
      afterChapter({
        mode: "learn",
        signedIn: true,
        place: at(10, 11),
        outline: track,
        outcome: answered(50, 10),
      }),
    ).toEqual({ kind: "dailyGoal", search: { ...place, prevXPCount: 40 } });
  });

  it("goes to the daily goal without a starting count when the completion was not answered", () => {
    expect(
      afterChapter({
        mode: "tutor",
        signedIn: true,
        place: at(10, 11),
        outline: track,
        outcome: undefined,
      }),
    ).toEqual({ kind: "dailyGoal", search: { ...place, prevXPCount: undefined } });
  });

  it("never counts up from below zero", () => {
    const step = afterChapter({
      mode: "learn",
      signedIn: true,
      place: at(10, 11),
      outline: track,
      outcome: answered(5, 10),
    });
    expect(step).toMatchObject({ kind: "dailyGoal", search: { prevXPCount: 0 } });
  });

  it("goes to the sync screen when the completion waits offline", () => {
    expect(
      afterChapter({
        mode: "learn",
        signedIn: true,
        place: at(30, 31),
        outline: track,
        outcome: { queued: true },
      }),
    ).toEqual({
      kind: "syncProgress",
      search: { trackId: 1, tutorialId: 30, chapterId: 31, sectionIndex: 0 },
    });
  });

  it("celebrates the last chapter of a project tutorial", () => {
    expect(
      afterChapter({
        mode: "learn",
        signedIn: true,
        place: at(30, 31),
        outline: track,
        outcome: answered(20, 10),
      }),
    ).toEqual({
      kind: "projectDone",
      search: { trackId: 1, tutorialId: 30, chapterId: 31, sectionIndex: 0 },
    });
  });

  it("goes to the daily goal, with no section, while the outline is unknown", () => {
    expect(
      afterChapter({
        mode: "learn",
        signedIn: true,
        place: at(30, 31),
        outline: undefined,
        outcome: answered(20, 10),
      }),
    ).toEqual({
      kind: "dailyGoal",
      search: {
        trackId: 1,
        tutorialId: 30,
        chapterId: 31,
        sectionIndex: undefined,
        prevXPCount: 10,
      },
    });
  });
});

describe("the chapter end on the lesson screen", () => {
  it("is where practice and learners without an account finish", () => {
    const base = { place: at(30, 31), outline: track, outcome: undefined };
    expect(afterChapter({ ...base, mode: "challenge", signedIn: true })).toEqual({
      kind: "chapterEnd",
    });
    expect(afterChapter({ ...base, mode: "learn", signedIn: false })).toEqual({
      kind: "chapterEnd",
    });
  });

  it("offers the tutorial's next chapter, then the next tutorial's first", () => {
    expect(nextChapterOf(track, at(10, 11))).toEqual({
      tutorialId: 10,
      chapterId: 12,
      title: "Chapter 12",
    });
    expect(nextChapterOf(track, at(10, 12))).toEqual({
      tutorialId: 30,
      chapterId: 31,
      title: "Chapter 31",
    });
  });

  it("offers the next tutorial after a project too", () => {
    expect(nextChapterOf(track, at(30, 31))).toEqual({
      tutorialId: 20,
      chapterId: 21,
      title: "Chapter 21",
    });
  });

  it("offers nothing at the end of a section or without the outline", () => {
    expect(nextChapterOf(track, at(20, 21))).toBeUndefined();
    expect(nextChapterOf(track, at(40, 41))).toBeUndefined();
    expect(nextChapterOf(undefined, at(10, 11))).toBeUndefined();
  });
});
