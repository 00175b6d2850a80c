import { describe, expect, it } from "vitest";
import { parseSyllabus } from "./syllabus.ts";

describe("parseSyllabus", () => {
  it("reads the track, covered topics with what covers them, and gaps", () => {
    const parsed = parseSyllabus(
      [
        "<!-- syllabus: python -->",
        "# Python",
        "## Basics",
        "- [x] Print — `01-hello-python/01-first-steps`",
        "- [X] Lists — `03-lists-and-functions/01-lists`, `03-lists-and-functions/02-functions/06-function-with-a-list`",
        "- [ ] Classes — gap",
        "Some prose - [x] not a topic",
      ].join("\n"),
    );
    expect(parsed.track).toBe("python");
    expect(parsed.problems).toEqual([]);
    expect(parsed.topics).toEqual([
      { title: "Print", covered: true, refs: ["01-hello-python/01-first-steps"], line: 4 },
      {
        title: "Lists",
        covered: true,
        refs: [
          "03-lists-and-functions/01-lists",
          "03-lists-and-functions/02-functions/06-function-with-a-list",
        ],
        line: 5,
      },
      { title: "Classes", covered: false, refs: [], line: 6 },
    ]);
  });

  it("names a covered topic with nothing to cover it, and a missing track line", () => {
    const parsed = parseSyllabus("# Python\n- [x] Print\n");
    expect(parsed.track).toBeUndefined();
    expect(parsed.problems.map((p) => p.line)).toEqual([1, 2]);
    expect(parsed.problems[1]?.message).toMatch(/"Print" is marked covered/);
  });
});
