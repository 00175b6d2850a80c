import { describe, expect, it } from "vitest";
import { streakHistory, weeklyXp, weekStart } from "./learner-stats.ts";
import type { StreakDay } from "./streak.ts";

const day = (date: string, goalMet = true, frozen = false): StreakDay => ({
  date,
  goalMet,
  frozen,
  timeZone: "Europe/Berlin",
});

describe("weekStart: weeks run Monday to Sunday", () => {
  it.each([
    ["2026-11-23", "2026-11-23"], // a Monday
    ["2026-11-29", "2026-11-23"], // its Sunday
    ["2026-11-30", "2026-11-30"],
    ["2024-03-01", "2024-02-26"], // across a leap day
    ["1970-01-01", "1969-12-29"], // before the reference Monday
  ])("%s is in the week of %s", (date, monday) => {
    expect(weekStart(date)).toBe(monday);
  });
});

describe("weeklyXp", () => {
  it("adds each day's XP to its week, the oldest week first and this week last", () => {
    const weeks = weeklyXp(
      [
        { date: "2026-11-30", xp: 10 },
        { date: "2026-12-02", xp: 20 },
        { date: "2026-11-24", xp: 5 },
        { date: "2026-10-01", xp: 99 }, // before the window
        { date: "2026-12-10", xp: 99 }, // after today
      ],
      "2026-12-03",
      3,
    );
    expect(weeks).toEqual([
      { weekStart: "2026-11-16", xp: 0 },
      { weekStart: "2026-11-23", xp: 5 },
      { weekStart: "2026-11-30", xp: 30 },
    ]);
  });

  it("answers the weeks asked for even with no days at all", () => {
    expect(weeklyXp([], "2026-12-03", 12)).toHaveLength(12);
  });
});

describe("streakHistory", () => {
  it("lists streaks of two days or more, the latest first; a freeze joins a streak", () => {
    const days = [
      day("2026-11-01"),
      day("2026-11-02"),
      day("2026-11-03"),
      day("2026-11-10"), // one day alone: not a streak worth listing
      day("2026-11-20"),
      day("2026-11-21", false, true),
      day("2026-11-22"),
    ];
    expect(streakHistory(days, "2026-11-30")).toEqual([
      { start: "2026-11-20", end: "2026-11-22", days: 2 },
      { start: "2026-11-01", end: "2026-11-03", days: 3 },
    ]);
  });

  it("keeps at most the latest ten and nothing after today", () => {
    const days = Array.from({ length: 15 }, (_, i) => {
      const start = `2026-0${1 + Math.floor(i / 3)}-${String(1 + (i % 3) * 9).padStart(2, "0")}`;
      return [
        day(start),
        day(start.replace(/\d\d$/, (d) => String(Number(d) + 1).padStart(2, "0"))),
      ];
    }).flat();
    const history = streakHistory(days, "2026-12-31");
    expect(history).toHaveLength(10);
    const starts = history.map((run) => run.start);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(streakHistory([day("2027-01-01"), day("2027-01-02")], "2026-12-31")).toEqual([]);
  });
});
