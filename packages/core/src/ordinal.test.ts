import { describe, expect, it } from "vitest";
import { ordinal, ordinalSuffix } from "./ordinal.ts";

describe("ordinal (spec section 9: an ordinal suffix helper, 1st, 2nd, 3rd, nth)", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [10, "10th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [23, "23rd"],
    [101, "101st"],
    [111, "111th"],
    [112, "112th"],
    [113, "113th"],
    [1001, "1001st"],
    [0, "0th"],
  ])("writes %i as %s", (n, text) => {
    expect(ordinal(n)).toBe(text);
  });

  it("keeps the sign of negative numbers and uses the suffix of their magnitude", () => {
    expect(ordinal(-1)).toBe("-1st");
    expect(ordinal(-12)).toBe("-12th");
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY])("refuses %d, which has no ordinal", (n) => {
    expect(() => ordinalSuffix(n)).toThrow(RangeError);
  });
});
