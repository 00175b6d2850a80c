import { describe, expect, it } from "vitest";
import {
  canSpend,
  FREEZE_PRICE_COINS,
  ledgerBalance,
  streakMilestone,
  XP_BY_LESSON_TYPE,
  xpForLesson,
} from "./rewards.ts";

describe("XP", () => {
  it("pays more for writing code than for reading", () => {
    expect(xpForLesson("explanation")).toBe(5);
    expect(xpForLesson("multiple-choice")).toBe(5);
    expect(xpForLesson("code")).toBe(10);
    expect(xpForLesson("project")).toBe(15);
  });

  it("makes the smallest daily goal reachable with one code lesson", () => {
    expect(XP_BY_LESSON_TYPE.code).toBeGreaterThanOrEqual(10);
  });
});

describe("streak milestones", () => {
  it("words milestones with ordinals", () => {
    expect(streakMilestone(3)?.message).toBe("Your 3rd day in a row!");
    expect(streakMilestone(7)).toEqual({ days: 7, coins: 25, message: "Your 7th day in a row!" });
    expect(streakMilestone(365)?.message).toBe("Your 365th day in a row!");
  });

  it("has every 100 days past the table as a milestone", () => {
    expect(streakMilestone(400)?.message).toBe("Your 400th day in a row!");
    expect(streakMilestone(1001)).toBeNull();
  });

  it("is null on ordinary days", () => {
    expect(streakMilestone(1)).toBeNull();
    expect(streakMilestone(8)).toBeNull();
  });
});

describe("the coins ledger", () => {
  it("adds up earnings and spends", () => {
    expect(ledgerBalance([1, 5, 20, -FREEZE_PRICE_COINS, 30])).toBe(6);
    expect(ledgerBalance([])).toBe(0);
  });

  it("never allows a spend below zero", () => {
    expect(canSpend(50, FREEZE_PRICE_COINS)).toBe(true);
    expect(canSpend(49, FREEZE_PRICE_COINS)).toBe(false);
    expect(canSpend(0, 0)).toBe(false);
    expect(canSpend(100, -5)).toBe(false);
  });
});
