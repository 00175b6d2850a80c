import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { idProblem, parentOfId, RANGE_2_BASE } from "./ids.ts";
import { loadContent } from "./load-content.ts";

const contentDir = path.resolve(fileURLToPath(import.meta.url), "../../../../content");

describe("the id scheme", () => {
  it("keeps every id of today's curriculum valid, under its own parent", () => {
    const { catalog } = loadContent(contentDir);
    expect(catalog.tracks.length).toBeGreaterThan(0);
    for (const track of catalog.tracks) {
      expect(idProblem("track", track.id)).toBeUndefined();
      for (const tutorial of track.tutorials) {
        expect(idProblem("tutorial", tutorial.id, track.id)).toBeUndefined();
        for (const chapter of tutorial.chapters) {
          expect(idProblem("chapter", chapter.id, tutorial.id)).toBeUndefined();
          for (const lesson of chapter.lessons)
            expect(idProblem("lesson", lesson.id, chapter.id)).toBeUndefined();
        }
      }
    }
  });

  it("allows tracks 10 to 99 with the same rule, one digit longer at every level", () => {
    expect(idProblem("track", 12)).toBeUndefined();
    expect(idProblem("track", 100)).toMatch(/1 to 99/);
    expect(idProblem("track", 0)).toMatch(/1 to 99/);
    expect(idProblem("tutorial", 1203, 12)).toBeUndefined();
    expect(idProblem("chapter", 120301, 1203)).toBeUndefined();
    expect(idProblem("lesson", 12030107, 120301)).toBeUndefined();
    // A one-digit track's ids never fall under a two-digit track, and the other way round.
    expect(parentOfId("tutorial", 1203)).toBe(12);
    expect(parentOfId("tutorial", 103)).toBe(1);
  });

  it("gives a chapter's 100th lesson and on an id from the second range", () => {
    const lesson = RANGE_2_BASE + 10101 * 1000 + 100;
    expect(idProblem("lesson", lesson, 10101)).toBeUndefined();
    expect(idProblem("lesson", RANGE_2_BASE + 990101 * 1000 + 999, 990101)).toBeUndefined();
    expect(RANGE_2_BASE + 999999 * 1000 + 999).toBeLessThan(2 ** 31);
    expect(idProblem("lesson", lesson, 10102)).toMatch(/must be chapter id × 100 \+ n/);
    expect(idProblem("lesson", RANGE_2_BASE + 10101 * 1000, 10101)).toBeDefined();
  });

  it("refuses ids that fit no range or name another parent", () => {
    expect(idProblem("tutorial", 202, 1)).toBe(
      "tutorial id 202 must be track id × 100 + n (101, 102, ...)",
    );
    expect(idProblem("tutorial", 100, 1)).toBeDefined();
    expect(idProblem("chapter", 10100, 101)).toBe("chapter id 10100 must be tutorial id × 100 + n");
    expect(idProblem("lesson", 1010100, 10101)).toBeDefined();
    expect(idProblem("lesson", 1.5, 10101)).toBeDefined();
    expect(parentOfId("chapter", 1010101)).toBeUndefined();
  });
});
