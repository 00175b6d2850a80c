import { describe, expect, it } from "vitest";
import { localDate } from "./local-date.ts";
import { daysToFreeze, goalMet, refundsFreeze, type StreakDay, summarizeStreak } from "./streak.ts";

const met = (date: string, timeZone = "Europe/Berlin"): StreakDay => ({
  date,
  goalMet: true,
  frozen: false,
  timeZone,
});
const frozen = (date: string, timeZone = "Europe/Berlin"): StreakDay => ({
  date,
  goalMet: false,
  frozen: true,
  timeZone,
});
const berlin = "Europe/Berlin";

describe("current and longest streak", () => {
  it("is zero for a new learner", () => {
    expect(summarizeStreak([], "2024-05-10", berlin)).toEqual({
      current: 0,
      longest: 0,
      todayCounted: false,
      currentStart: null,
    });
  });

  it("counts consecutive goal days up to today", () => {
    const days = [met("2024-05-08"), met("2024-05-09"), met("2024-05-10")];
    expect(summarizeStreak(days, "2024-05-10", berlin)).toEqual({
      current: 3,
      longest: 3,
      todayCounted: true,
      currentStart: "2024-05-08",
    });
  });

  it("keeps yesterday's streak alive until today is over", () => {
    const days = [met("2024-05-08"), met("2024-05-09")];
    const summary = summarizeStreak(days, "2024-05-10", berlin);
    expect(summary.current).toBe(2);
    expect(summary.todayCounted).toBe(false);
  });

  it("breaks after a missed day and remembers the longest", () => {
    const days = [met("2024-05-01"), met("2024-05-02"), met("2024-05-03"), met("2024-05-09")];
    const summary = summarizeStreak(days, "2024-05-10", berlin);
    expect(summary.current).toBe(1);
    expect(summary.longest).toBe(3);
    expect(summarizeStreak(days, "2024-05-11", berlin).current).toBe(0);
  });

  it("does not count a day with XP below the goal", () => {
    const days = [met("2024-05-08"), { ...met("2024-05-09"), goalMet: false }];
    expect(summarizeStreak(days, "2024-05-10", berlin).current).toBe(0);
  });

  it("goes through a frozen day without adding to it", () => {
    const days = [met("2024-05-07"), frozen("2024-05-08"), met("2024-05-09")];
    expect(summarizeStreak(days, "2024-05-09", berlin).current).toBe(2);
  });

  it("runs over a leap day and over the end of February in other years", () => {
    const leap = [met("2024-02-28"), met("2024-02-29"), met("2024-03-01")];
    expect(summarizeStreak(leap, "2024-03-01", berlin).current).toBe(3);
    const skipsLeapDay = [met("2024-02-28"), met("2024-03-01")];
    expect(summarizeStreak(skipsLeapDay, "2024-03-01", berlin).current).toBe(1);
    const common = [met("2023-02-28"), met("2023-03-01")];
    expect(summarizeStreak(common, "2023-03-01", berlin).current).toBe(2);
  });

  it("runs over the daylight-saving changes (a 23-hour and a 25-hour day)", () => {
    const spring = [met("2024-03-30"), met("2024-03-31"), met("2024-04-01")];
    expect(summarizeStreak(spring, "2024-04-01", berlin).current).toBe(3);
    const autumn = [met("2024-10-26"), met("2024-10-27"), met("2024-10-28")];
    expect(summarizeStreak(autumn, "2024-10-28", berlin).current).toBe(3);
  });

  it("does not excuse a missed 23-hour daylight-saving day", () => {
    const days = [met("2024-03-30"), met("2024-04-01")];
    expect(summarizeStreak(days, "2024-04-01", berlin).current).toBe(1);
  });

  it("puts lessons just either side of local midnight on two days", () => {
    // 23:59 and 00:01 in Berlin on a winter night: two streak days, not one.
    const before = localDate(new Date("2024-01-14T22:59:00Z"), berlin);
    const after = localDate(new Date("2024-01-14T23:01:00Z"), berlin);
    const summary = summarizeStreak([met(before), met(after)], after, berlin);
    expect(summary.current).toBe(2);
  });
});

describe("travelling", () => {
  it("keeps the streak when the learner moves from Berlin to New York", () => {
    const days = [met("2024-05-08", berlin), met("2024-05-09", "America/New_York")];
    expect(summarizeStreak(days, "2024-05-10", "America/New_York").current).toBe(2);
  });

  it("does not hold a day lost over the date line against the learner", () => {
    // Monday in Honolulu, then Wednesday in Tokyo: Tuesday lasted five hours for this learner.
    const days = [met("2024-05-06", "Pacific/Honolulu"), met("2024-05-08", "Asia/Tokyo")];
    expect(summarizeStreak(days, "2024-05-08", "Asia/Tokyo").current).toBe(2);
  });

  it("keeps the streak alive on arrival, before today's lesson", () => {
    const days = [met("2024-05-06", "Pacific/Honolulu")];
    expect(summarizeStreak(days, "2024-05-08", "Asia/Tokyo").current).toBe(1);
  });

  it("still breaks when a whole day was missed on the way", () => {
    // Los Angeles Monday, London Wednesday: Tuesday lasted 16 hours, long enough to learn.
    const days = [met("2024-01-08", "America/Los_Angeles"), met("2024-01-10", "Europe/London")];
    expect(summarizeStreak(days, "2024-01-10", "Europe/London").current).toBe(1);
  });

  it("counts a date lived twice (flying west) once", () => {
    const days = [met("2024-05-08", "Asia/Tokyo"), met("2024-05-09", "Pacific/Honolulu")];
    expect(summarizeStreak(days, "2024-05-09", "Pacific/Honolulu").current).toBe(2);
  });
});

describe("freezes", () => {
  it("cover one missed day", () => {
    const days = [met("2024-05-07"), met("2024-05-08")];
    expect(daysToFreeze(days, "2024-05-10", berlin, 1)).toEqual(["2024-05-09"]);
  });

  it("are not used while the streak is intact", () => {
    const days = [met("2024-05-08"), met("2024-05-09")];
    expect(daysToFreeze(days, "2024-05-10", berlin, 2)).toEqual([]);
  });

  it("cover two missed days with two freezes, but are kept when they cannot save the streak", () => {
    const days = [met("2024-05-06")];
    expect(daysToFreeze(days, "2024-05-09", berlin, 2)).toEqual(["2024-05-07", "2024-05-08"]);
    expect(daysToFreeze(days, "2024-05-09", berlin, 1)).toEqual([]);
  });

  it("are not used without a streak or without freezes", () => {
    expect(daysToFreeze([], "2024-05-10", berlin, 2)).toEqual([]);
    expect(daysToFreeze([met("2024-05-07")], "2024-05-10", berlin, 0)).toEqual([]);
  });

  it("continue from an earlier frozen day", () => {
    const days = [met("2024-05-06"), frozen("2024-05-07"), met("2024-05-08")];
    expect(daysToFreeze(days, "2024-05-10", berlin, 1)).toEqual(["2024-05-09"]);
  });

  it("over a leap day", () => {
    expect(daysToFreeze([met("2024-02-28")], "2024-03-01", berlin, 1)).toEqual(["2024-02-29"]);
  });

  it("are given back when a late sync meets the goal on the frozen day", () => {
    expect(refundsFreeze({ frozen: true, goalMet: true })).toBe(true);
    expect(refundsFreeze({ frozen: true, goalMet: false })).toBe(false);
  });
});

describe("the daily goal", () => {
  it("is met once the day's XP reaches it, and stays met", () => {
    expect(goalMet(9, 10)).toBe(false);
    expect(goalMet(10, 10)).toBe(true);
    expect(goalMet(10, 20, true)).toBe(true);
  });
});
