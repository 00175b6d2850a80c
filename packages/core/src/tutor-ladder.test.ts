import { describe, expect, it } from "vitest";
import { rungInstruction, rungLevel, safeReply, TUTOR_LADDER, tutorRung } from "./tutor-ladder.ts";

describe("the tutor's ladder", () => {
  it("climbs one rung each time the learner asks again, and stops at the worked example", () => {
    const rungs = [0, 1, 2, 3, 4, 9].map((askedBefore) =>
      tutorRung({ askedBefore, revealSolution: false, solutionAllowed: true }),
    );
    expect(rungs).toEqual(["question", "pointer", "hint", "example", "example", "example"]);
  });

  it("shows the solution only when asked for with the button and the lesson allows it", () => {
    expect(tutorRung({ askedBefore: 0, revealSolution: true, solutionAllowed: true })).toBe(
      "solution",
    );
    expect(tutorRung({ askedBefore: 0, revealSolution: true, solutionAllowed: false })).toBe(
      "question",
    );
    expect(tutorRung({ askedBefore: 5, revealSolution: false, solutionAllowed: true })).toBe(
      "example",
    );
  });

  it("numbers the rungs 1 to 5 as stored with the reply", () => {
    expect(TUTOR_LADDER.map(rungLevel)).toEqual([1, 2, 3, 4, 5]);
  });

  it("tells the model not to write the learner's code below the solution rung", () => {
    for (const rung of ["question", "pointer", "hint"] as const) {
      expect(rungInstruction(rung)).toMatch(/Do not write/);
    }
    expect(rungInstruction("example")).toMatch(/similar but different problem/);
  });

  it("replaces a leak with a step on the same rung, quoting the failing check or the next hint", () => {
    expect(safeReply("pointer", { failingCheck: "Print the total" })).toContain(
      'The check says: "Print the total"',
    );
    expect(safeReply("hint", { nextHint: "Use a for loop." })).toContain("Hint: Use a for loop.");
    expect(safeReply("question")).toMatch(/^I can't hand you the answer/);
  });
});
