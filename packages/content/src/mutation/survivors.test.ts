import { describe, expect, it } from "vitest";
import { judgeSurvivors, justifiedSurvivorSchema, MUTANT_KEY } from "./survivors.ts";

describe("justified survivors", () => {
  it("accepts the keys content:check prints and a reason", () => {
    expect(MUTANT_KEY.test("drop-line@main.py:3")).toBe(true);
    expect(MUTANT_KEY.test("literal@style.css:12#2")).toBe(true);
    expect(MUTANT_KEY.test("made-up@main.py:3")).toBe(false);
    expect(
      justifiedSurvivorSchema.safeParse({ mutant: "drop-line@main.py:3", why: "ok" }).success,
    ).toBe(false);
  });

  it("splits survivors into justified and not, and finds stale justifications", () => {
    const why = "The blank line only spaces the output out.";
    expect(
      judgeSurvivors(
        ["drop-line@main.py:3", "literal@main.py:1"],
        ["drop-line@main.py:3", "literal@main.py:1", "operator@main.py:2"],
        [
          { mutant: "drop-line@main.py:3", why },
          { mutant: "operator@main.py:2", why },
        ],
      ),
    ).toEqual({
      unjustified: ["literal@main.py:1"],
      justified: ["drop-line@main.py:3"],
      stale: ["operator@main.py:2"],
    });
  });
});
