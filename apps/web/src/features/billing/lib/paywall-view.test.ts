import type { Plan, TrackOutline } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import {
  lessonsLocked,
  lockedPlace,
  priceText,
  sectionIsFree,
  unlockingPlan,
  unlockSearch,
} from "./paywall-view.ts";

const tutorial = (id: number, title: string, chapters: { id: number; title: string }[]) => ({
  id,
  slug: title.toLowerCase(),
  title,
  description: "",
  project: false,
  chapters: chapters.map((c) => ({
    ...c,
    slug: c.title.toLowerCase(),
    lessons: [
      { id: c.id * 10, index: 0, title: `${c.title}: one`, type: "explanation" as const },
      { id: c.id * 10 + 1, index: 1, title: `${c.title}: two`, type: "code" as const },
    ],
  })),
});

const OUTLINE = {
  id: 1,
  slug: "python",
  title: "Python",
  description: "",
  language: "python",
  version: 1,
  counts: { sections: 2, tutorials: 2, chapters: 2, lessons: 4 },
  sections: [
    {
      index: 0,
      title: "Basics",
      free: true,
      tutorials: [tutorial(101, "Hello", [{ id: 10101, title: "Print" }])],
    },
    {
      index: 1,
      title: "Loops",
      free: false,
      tutorials: [tutorial(102, "Repeat", [{ id: 10201, title: "For loops" }])],
    },
  ],
} as unknown as TrackOutline;

const starter: Plan = {
  tier: "tier-0",
  label: "Starter plan",
  monthlyCredits: 0,
  entitlements: { allLessons: true, ai: false, appBuilder: false, instances: false },
  purchasable: true,
  prices: { month: 999, year: 9990 },
};

describe("which sections carry a lock", () => {
  it("takes the server's flag, and counts a section without it as free", () => {
    expect(sectionIsFree({ free: true })).toBe(true);
    expect(sectionIsFree({ free: false })).toBe(false);
    expect(sectionIsFree({})).toBe(true);
  });

  it("locks a guest's, and a learner's only once their plan is known to lack every lesson", () => {
    const free = { entitlements: { allLessons: false } };
    const paid = { entitlements: { allLessons: true } };
    expect(lessonsLocked(false, undefined)).toBe(true);
    expect(lessonsLocked(true, undefined)).toBe(false);
    expect(lessonsLocked(true, free)).toBe(true);
    expect(lessonsLocked(true, paid)).toBe(false);
  });
});

describe("a locked chapter", () => {
  it("is named from the outline, with its lessons and the way back to the free section", () => {
    expect(lockedPlace(OUTLINE, { tutorialId: 102, chapterId: 10201 })).toEqual({
      trackTitle: "Python",
      sectionTitle: "Loops",
      tutorialTitle: "Repeat",
      chapterTitle: "For loops",
      lessonTitles: ["For loops: one", "For loops: two"],
      freeSectionIndex: 0,
    });
  });

  it("is unknown when the outline does not hold it", () => {
    expect(lockedPlace(OUTLINE, { tutorialId: 102, chapterId: 99 })).toBeUndefined();
    expect(lockedPlace(OUTLINE, { tutorialId: 999, chapterId: 10201 })).toBeUndefined();
  });

  it("unlocks through the subscribe page, which brings the learner back to the lesson", () => {
    expect(unlockSearch("/web/track/1/tutorial/102/chapter/10201/learn?lesson=1")).toEqual({
      redirectUrl: "/web/track/1/tutorial/102/chapter/10201/learn?lesson=1",
      trackingReferer: "locked-lesson",
    });
  });
});

describe("the plan that unlocks it", () => {
  it("is Starter, from the server's catalogue, with its prices", () => {
    const answer = { currency: "usd", provider: "local" as const, plans: [starter] };
    expect(unlockingPlan(answer)).toBe(starter);
    expect(unlockingPlan(undefined)).toBeUndefined();
    expect(priceText(starter, "usd", "en-US")).toBe("$9.99 a month or $99.90 a year");
    expect(priceText({ ...starter, prices: null }, "usd", "en-US")).toBeNull();
  });
});
