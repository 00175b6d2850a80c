import { describe, expect, it } from "vitest";
import { calendarMonth, monthTitle } from "./calendar-month.ts";

describe("calendarMonth", () => {
  it("lays the month out in weeks from Monday", () => {
    const march = calendarMonth("2025-03-30", 0);
    expect(march).toMatchObject({ key: "2025-03", from: "2025-03-01", to: "2025-03-31" });
    // 1 March 2025 is a Saturday: five empty cells before it.
    expect(march.weeks[0]).toEqual([null, null, null, null, null, "2025-03-01", "2025-03-02"]);
    expect(march.weeks.every((w) => w.length === 7)).toBe(true);
    expect(march.weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it("scrolls back across a year and through a leap February", () => {
    expect(calendarMonth("2025-01-15", 1)).toMatchObject({ from: "2024-12-01", to: "2024-12-31" });
    expect(calendarMonth("2024-03-31", 1)).toMatchObject({ from: "2024-02-01", to: "2024-02-29" });
    expect(calendarMonth("2025-03-31", 1).to).toBe("2025-02-28");
  });

  it("names the month", () => {
    expect(monthTitle("2024-02", "en-GB")).toBe("February 2024");
  });
});
