import { describe, expect, it } from "vitest";
import { addMonths, creditWindow, expiringAllowance } from "./credit-windows.ts";

const at = (iso: string) => new Date(iso);

describe("addMonths", () => {
  it("keeps the anchor's day and time, clamped to the month's last day", () => {
    expect(addMonths(at("2026-01-15T09:30:00Z"), 1)).toEqual(at("2026-02-15T09:30:00Z"));
    expect(addMonths(at("2026-01-31T00:00:00Z"), 1)).toEqual(at("2026-02-28T00:00:00Z"));
    expect(addMonths(at("2026-01-31T00:00:00Z"), 2)).toEqual(at("2026-03-31T00:00:00Z"));
    expect(addMonths(at("2027-12-31T00:00:00Z"), 2)).toEqual(at("2028-02-29T00:00:00Z"));
    expect(addMonths(at("2026-11-10T00:00:00Z"), 14)).toEqual(at("2028-01-10T00:00:00Z"));
  });
});

describe("creditWindow", () => {
  const anchor = at("2026-01-31T12:00:00Z");

  it("is the month from the anchor that now falls in", () => {
    expect(creditWindow(anchor, at("2026-02-10T00:00:00Z"))).toEqual({
      start: anchor,
      end: at("2026-02-28T12:00:00Z"),
    });
    expect(creditWindow(anchor, at("2026-02-28T12:00:00Z"))).toEqual({
      start: at("2026-02-28T12:00:00Z"),
      end: at("2026-03-31T12:00:00Z"),
    });
  });

  it("gives a yearly plan twelve windows", () => {
    const yearly = at("2026-01-01T00:00:00Z");
    const starts = Array.from(
      { length: 12 },
      (_, m) =>
        creditWindow(yearly, at(`2026-${String(m + 1).padStart(2, "0")}-20T00:00:00Z`)).start,
    );
    expect(new Set(starts.map((d) => d.toISOString())).size).toBe(12);
    expect(creditWindow(yearly, at("2026-12-31T23:59:59Z")).end).toEqual(
      at("2027-01-01T00:00:00Z"),
    );
  });

  it("the day before the anchor's day in a later month is still the earlier window", () => {
    expect(creditWindow(anchor, at("2026-03-30T00:00:00Z")).start).toEqual(
      at("2026-02-28T12:00:00Z"),
    );
  });

  it("before the anchor: the first window", () => {
    expect(creditWindow(anchor, at("2025-12-01T00:00:00Z")).start).toEqual(anchor);
  });
});

describe("expiringAllowance", () => {
  it("expires the unspent allowance, spent first", () => {
    expect(expiringAllowance({ granted: 100, spent: 30, balance: 70 })).toBe(70);
  });

  it("keeps admin credits: never more than the unspent allowance", () => {
    expect(expiringAllowance({ granted: 100, spent: 0, balance: 150 })).toBe(100);
  });

  it("expires nothing once more than the allowance was spent", () => {
    expect(expiringAllowance({ granted: 100, spent: 120, balance: 30 })).toBe(0);
  });

  it("never more than the balance", () => {
    expect(expiringAllowance({ granted: 100, spent: 0, balance: 40 })).toBe(40);
  });
});
