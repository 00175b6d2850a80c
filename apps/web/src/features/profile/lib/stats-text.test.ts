import { describe, expect, it } from "vitest";
import { dateSpan, shortDate, weeksSummary } from "./stats-text.ts";

describe("the stats' words", () => {
  it("writes dates as learners read them", () => {
    expect(shortDate("2026-11-03")).toBe("3 Nov");
    expect(dateSpan("2026-11-01", "2026-11-03")).toBe("1 Nov – 3 Nov 2026");
    expect(dateSpan("2026-11-03", "2026-11-03")).toBe("3 Nov 2026");
  });

  it("says every week's XP in one sentence for the chart", () => {
    expect(
      weeksSummary([
        { weekStart: "2026-11-16", xp: 0 },
        { weekStart: "2026-11-23", xp: 30 },
      ]),
    ).toBe(
      "XP per week over the last 2 weeks, 30 XP in all. week of 16 Nov: 0 XP; week of 23 Nov: 30 XP.",
    );
  });
});
