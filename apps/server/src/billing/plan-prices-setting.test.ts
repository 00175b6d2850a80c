/** PLAN_PRICES is checked at boot (issue 15): a bad value stops the start with one clear line. */
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../env.ts";
import { presentPlans } from "../presenters/plan.ts";

const failure = (value: string) => {
  try {
    parseEnv({ PLAN_PRICES: value });
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("parseEnv accepted it");
};

describe("PLAN_PRICES", () => {
  it("falls back to our defaults when unset", () => {
    const prices = presentPlans(parseEnv({})).plans.map((p) => [p.tier, p.prices]);
    expect(prices.slice(0, 3)).toEqual([
      ["free", null],
      ["tier-0", { month: 999, year: 9990 }],
      ["tier-1", { month: 1499, year: 14990 }],
    ]);
  });

  it("replaces the tiers it names, and keeps our price for the others", () => {
    const env = parseEnv({ PLAN_PRICES: '{"tier-4":{"month":10000,"year":100000}}' });
    const byTier = Object.fromEntries(presentPlans(env).plans.map((p) => [p.tier, p.prices]));
    expect(byTier["tier-4"]).toEqual({ month: 10000, year: 100000 });
    expect(byTier["tier-0"]).toEqual({ month: 999, year: 9990 });
  });

  it.each([
    ["{", "Invalid setting PLAN_PRICES: not valid JSON"],
    ['{"tier-9":{"month":1,"year":1}}', "Invalid setting PLAN_PRICES: "],
    ['{"tier-0":{"month":"cheap","year":9990}}', "Invalid setting PLAN_PRICES: tier-0.month"],
    ['{"tier-0":{"month":999}}', "Invalid setting PLAN_PRICES: tier-0.year"],
    ['{"tier-0":{"month":-5,"year":9990}}', "Invalid setting PLAN_PRICES: tier-0.month"],
  ])("stops the start on %s", (value, start) => {
    const message = failure(value);
    expect(message.split("\n")).toHaveLength(1);
    expect(message.startsWith(start)).toBe(true);
  });
});
