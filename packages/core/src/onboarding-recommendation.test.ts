import { describe, expect, it } from "vitest";
import {
  INTEREST_LABELS,
  INTERESTS,
  interestsSchema,
  MOTIVES,
  motivesSchema,
} from "./onboarding.ts";
import {
  firstLesson,
  type RecommendableTrack,
  recommendDailyGoal,
  recommendTrack,
} from "./onboarding-recommendation.ts";

/** A track of one lesson per tutorial, with the starter curriculum's ids and languages. */
function track(id: number, language: string, tutorialIds = [id * 100 + 1]): RecommendableTrack {
  return {
    id,
    language,
    sections: [{ index: 0, tutorialIds }],
    tutorials: tutorialIds.map((tutorialId) => ({
      id: tutorialId,
      chapters: [
        {
          id: tutorialId * 100 + 1,
          lessons: [{ id: tutorialId * 10_000 + 101, index: 0, title: `Lesson of ${tutorialId}` }],
        },
      ],
    })),
  };
}

const PYTHON = track(1, "python");
const JAVASCRIPT = track(2, "javascript");
const WEB = track(3, "html");
const SQL = track(4, "sql");
const REACT = track(5, "tsx");
const CATALOG = [PYTHON, JAVASCRIPT, WEB, SQL, REACT];

describe("recommendTrack", () => {
  it.each([
    [["websites"], WEB],
    [["apps"], REACT],
    [["games"], JAVASCRIPT],
    [["data"], SQL],
    [["automation"], PYTHON],
    [["ai"], PYTHON],
    [["not_sure"], PYTHON],
  ] as const)("%j leads to the track that teaches it", (interests, expected) => {
    expect(recommendTrack(interests, CATALOG)?.track.id).toBe(expected.id);
  });

  it("adds up the interests: a language two of them want beats one only the first wants", () => {
    // websites: html 3, javascript 2; games: javascript 3, python 2 — JavaScript has 5.
    expect(recommendTrack(["websites", "games"], CATALOG)?.track.id).toBe(JAVASCRIPT.id);
    // data: sql 3, python 2; ai: python 3, sql 2 — a tie, which the first-picked interest breaks.
    expect(recommendTrack(["data", "ai"], CATALOG)?.track.id).toBe(SQL.id);
    expect(recommendTrack(["ai", "data"], CATALOG)?.track.id).toBe(PYTHON.id);
  });

  it("names the interest that chose the track, for the chat to say why", () => {
    expect(recommendTrack(["websites", "games"], CATALOG)?.interest).toBe("websites");
    expect(recommendTrack(["games", "websites"], CATALOG)?.interest).toBe("games");
  });

  it("falls back to a language the interest ranks lower when its best is not in the catalog", () => {
    expect(recommendTrack(["apps"], [PYTHON, JAVASCRIPT])?.track.id).toBe(JAVASCRIPT.id);
  });

  it("recommends the catalog's first track when no interest matches any track", () => {
    const other = [track(7, "bash"), track(8, "lua")];
    expect(recommendTrack(["websites"], other)).toEqual({ track: other[0], interest: null });
  });

  it("never recommends a track without a lesson, and nothing from an empty catalog", () => {
    const empty: RecommendableTrack = { id: 9, language: "html", sections: [], tutorials: [] };
    expect(recommendTrack(["websites"], [empty, PYTHON])?.track.id).toBe(PYTHON.id);
    expect(recommendTrack(["websites"], [empty])).toBeNull();
    expect(recommendTrack(["websites"], [])).toBeNull();
  });

  it("gives every interest the chat offers a track of the starter curriculum", () => {
    for (const interest of INTERESTS) {
      expect(recommendTrack([interest], CATALOG), INTEREST_LABELS[interest]).not.toBeNull();
    }
  });
});

describe("recommendDailyGoal", () => {
  it.each([
    [["career"], null, 30],
    [["work"], "other", 20],
    [["project"], "university", 20],
    [["school"], "high_school", 20],
    [["curiosity"], "other", 10],
    [["sharp"], "other", 10],
    [["curiosity", "career"], "university", 30],
    [[], null, 10],
  ] as const)("%j as %s: %i XP a day", (motives, occupation, xp) => {
    expect(recommendDailyGoal(motives, occupation)).toBe(xp);
  });

  it.each(["employed", "freelancer", "startup_founder", "small_business_owner"] as const)(
    "keeps %s to 20 XP, a goal that fits beside work",
    (occupation) => {
      expect(recommendDailyGoal(["career"], occupation)).toBe(20);
      expect(recommendDailyGoal(["curiosity"], occupation)).toBe(10);
    },
  );

  it("always answers one of the daily goal's choices", () => {
    for (const motive of MOTIVES) {
      expect([10, 20, 30, 50]).toContain(recommendDailyGoal([motive], "other"));
    }
  });
});

describe("firstLesson", () => {
  it("is the first lesson of the first section's first tutorial, in path order", () => {
    const twoSections: RecommendableTrack = {
      ...track(1, "python", [101, 102]),
      sections: [
        { index: 1, tutorialIds: [101] },
        { index: 0, tutorialIds: [102] },
      ],
    };
    expect(firstLesson(twoSections)).toEqual({
      trackId: 1,
      tutorialId: 102,
      chapterId: 10201,
      lessonId: 1020101,
      lessonIndex: 0,
      title: "Lesson of 102",
    });
  });

  it("skips a tutorial without lessons", () => {
    const gap: RecommendableTrack = {
      ...PYTHON,
      sections: [{ index: 0, tutorialIds: [999, 101] }],
    };
    expect(firstLesson(gap)?.tutorialId).toBe(101);
  });
});

describe("interests and motives as answers", () => {
  it("take one to all of the choices, each once", () => {
    expect(interestsSchema.safeParse(["websites", "data"]).success).toBe(true);
    expect(interestsSchema.safeParse([]).success).toBe(false);
    expect(interestsSchema.safeParse(["websites", "websites"]).success).toBe(false);
    expect(interestsSchema.safeParse(["cooking"]).success).toBe(false);
    expect(motivesSchema.safeParse([...MOTIVES]).success).toBe(true);
    expect(motivesSchema.safeParse(["career", "career"]).success).toBe(false);
  });
});
