import { DEFAULT_PLAN_PRICES } from "@lumen/core";
import { describe, expect, it } from "vitest";
import { parsePlanPrices } from "./plan-prices.ts";

describe("PLAN_PRICES", () => {
  it("is our defaults when unset", () => {
    expect(parsePlanPrices(undefined)).toEqual(DEFAULT_PLAN_PRICES);
  });

  it("replaces the tiers it names and keeps the others", () => {
    const prices = parsePlanPrices('{"tier-1":{"month":1000,"year":10000}}');
    expect(prices["tier-1"]).toEqual({ month: 1000, year: 10000 });
    expect(prices["tier-0"]).toEqual(DEFAULT_PLAN_PRICES["tier-0"]);
  });

  it.each([
    ["not JSON", "{", "Invalid setting PLAN_PRICES: not valid JSON"],
    ["an unknown tier", '{"tier-9":{"month":1,"year":1}}', "Invalid setting PLAN_PRICES"],
    ["a missing interval", '{"tier-0":{"month":999}}', "Invalid setting PLAN_PRICES: tier-0.year"],
    ["a price below 50 cents", '{"tier-0":{"month":10,"year":100}}', "tier-0.month"],
    ["a fraction of a cent", '{"tier-0":{"month":9.5,"year":100}}', "tier-0.month"],
  ])("refuses %s, naming the setting", (_, json, message) => {
    expect(() => parsePlanPrices(json)).toThrow(message);
  });
});
