import { describe, expect, it } from "vitest";
import { countsForStreak, effectiveCompletedAt } from "./sync-window.ts";

const now = new Date("2024-05-10T12:00:00Z");

describe("the 48-hour sync rule", () => {
  it("counts completions up to 48 hours old for the streak", () => {
    expect(countsForStreak(new Date("2024-05-08T12:00:00Z"), now)).toBe(true);
    expect(countsForStreak(new Date("2024-05-10T11:59:00Z"), now)).toBe(true);
  });

  it("counts older ones for XP only", () => {
    expect(countsForStreak(new Date("2024-05-08T11:59:59Z"), now)).toBe(false);
  });

  it("takes the server's time for a missing or future timestamp", () => {
    expect(effectiveCompletedAt(undefined, now)).toBe(now);
    expect(effectiveCompletedAt(new Date("2024-05-11T00:00:00Z"), now)).toBe(now);
    const past = new Date("2024-05-09T00:00:00Z");
    expect(effectiveCompletedAt(past, now)).toBe(past);
  });
});
