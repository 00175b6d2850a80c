import type { CompletionResult } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { isAchievement, unlockEvent } from "./progress-bridge.tsx";

const base: CompletionResult = {
  counted: true,
  xpEarned: 5,
  coinsEarned: 1,
  chapterFinished: false,
  tutorialFinished: false,
  unlockedTutorialId: null,
  streakIncreased: false,
  milestone: null,
  progress: {
    today: { date: "2025-01-01", xp: 5 },
    dailyGoal: { xp: 10 },
    streak: { current: 0, longest: 0, todayCounted: false, freezes: 0 },
    coins: { balance: 1 },
    timeZone: "UTC",
  },
};
const input = { trackId: 1, tutorialId: 2, chapterId: 3, trackVersion: 1, lessonId: 4 };

describe("achievements", () => {
  it("are a grown streak, a milestone or a finished chapter or tutorial, when counted", () => {
    expect(isAchievement(base)).toBe(false);
    expect(isAchievement({ ...base, streakIncreased: true })).toBe(true);
    expect(isAchievement({ ...base, milestone: "Your 3rd day in a row!" })).toBe(true);
    expect(isAchievement({ ...base, chapterFinished: true })).toBe(true);
    expect(isAchievement({ ...base, tutorialFinished: true })).toBe(true);
    expect(isAchievement({ ...base, counted: false, chapterFinished: true })).toBe(false);
  });

  it("send unlock_tutorial with the tutorial the server unlocked", () => {
    expect(unlockEvent(base, input)).toBeUndefined();
    expect(unlockEvent({ ...base, unlockedTutorialId: 9 }, input)).toEqual({
      trackId: 1,
      tutorialId: 9,
    });
    expect(unlockEvent({ ...base, counted: false, unlockedTutorialId: 9 }, input)).toBeUndefined();
  });
});
