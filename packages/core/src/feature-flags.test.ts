import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_FEATURE_FLAG_VALUES,
  DEFAULT_FEATURE_FLAGS,
  evaluateFlags,
  evaluateFlagValues,
  FEATURE_FLAGS,
  FLAG_VALUE_PATTERN,
  type FlagRule,
  flagBucket,
  flagValue,
  isFeatureFlag,
  isFlagOn,
  isValuedFeatureFlag,
  OVERRIDES_PARSE_FAILED,
  parseFeatureOverrides,
  VALUED_FEATURE_FLAGS,
} from "./feature-flags.ts";

const allOff = {
  showMachineLogs: false,
  exampleFlag: false,
  enableImageUploads: false,
  enableDiffView: false,
  enableCondensedContext: false,
  aiModelOverride: false,
  enablePartialFileReplacement: false,
  enableAgent2: false,
};

describe("feature flags (spec section 3: Feature flags, all default off)", () => {
  it("lists the spec's eight flags", () => {
    expect(FEATURE_FLAGS).toEqual(Object.keys(allOff));
  });

  it("defaults every flag to off", () => {
    expect(DEFAULT_FEATURE_FLAGS).toEqual(allOff);
  });

  it("cannot be changed by accident", () => {
    expect(Object.isFrozen(DEFAULT_FEATURE_FLAGS)).toBe(true);
  });
});

describe("parseFeatureOverrides", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("gives the defaults, without an error, when there is no override value", () => {
    for (const value of [undefined, null, ""]) {
      expect(parseFeatureOverrides(value)).toEqual({ flags: allOff, error: null });
    }
  });

  it("applies a JSON object of flag to boolean over the defaults", () => {
    expect(parseFeatureOverrides('{"enableDiffView":true,"enableAgent2":true}')).toEqual({
      flags: { ...allOff, enableDiffView: true, enableAgent2: true },
      error: null,
    });
    expect(parseFeatureOverrides('{"exampleFlag":false}')).toEqual({ flags: allOff, error: null });
  });

  it("ignores keys that are not flags", () => {
    expect(parseFeatureOverrides('{"retiredFlag":true,"showMachineLogs":true}')).toEqual({
      flags: { ...allOff, showMachineLogs: true },
      error: null,
    });
  });

  it.each([
    "{not json",
    "true",
    "42",
    '"enableDiffView"',
    "null",
    "[]",
    '["enableDiffView"]',
    '{"enableDiffView":"true"}',
    '{"enableDiffView":1}',
  ])(
    "gives the defaults and 'Failed to parse overrides cookie' for %s, logging nothing",
    (value) => {
      const error = vi.spyOn(console, "error");
      const warn = vi.spyOn(console, "warn");
      const log = vi.spyOn(console, "log");
      expect(parseFeatureOverrides(value)).toEqual({
        flags: allOff,
        error: OVERRIDES_PARSE_FAILED,
      });
      expect(OVERRIDES_PARSE_FAILED).toBe("Failed to parse overrides cookie");
      expect(error).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
      expect(log).not.toHaveBeenCalled();
    },
  );

  it("does not let a __proto__ key change the flags", () => {
    const result = parseFeatureOverrides('{"__proto__":{"enableAgent2":true}}');
    expect(result.error).toBeNull();
    expect(result.flags).toEqual(allOff);
    expect(result.flags.enableAgent2).toBe(false);
  });
});

describe("flag rules (issue 14)", () => {
  const ada = { id: "00000000-0000-4000-8000-000000000001", roles: [] };
  const bo = { id: "00000000-0000-4000-8000-000000000002", roles: ["course_engineer"] };
  const cy = { id: "00000000-0000-4000-8000-000000000003", roles: ["admin"] };
  const now = new Date("2026-06-01T12:00:00Z");
  const rule = (part: Partial<FlagRule>): FlagRule => ({
    everyone: false,
    roles: [],
    userIds: [],
    percentage: null,
    startsAt: null,
    value: null,
    ...part,
  });

  it("knows the eight flag names and nothing else", () => {
    expect(FEATURE_FLAGS.every(isFeatureFlag)).toBe(true);
    expect(isFeatureFlag("retiredFlag")).toBe(false);
    expect(isFeatureFlag("__proto__")).toBe(false);
  });

  it("is off without a rule, and off for a rule that names nobody", () => {
    for (const subject of [ada, bo, null]) {
      expect(isFlagOn("exampleFlag", undefined, subject, now)).toBe(false);
      expect(isFlagOn("exampleFlag", rule({}), subject, now)).toBe(false);
    }
  });

  it("is on for everyone, anonymous visitors included", () => {
    for (const subject of [ada, bo, cy, null]) {
      expect(isFlagOn("exampleFlag", rule({ everyone: true }), subject, now)).toBe(true);
    }
  });

  it("is on for the named roles only", () => {
    const r = rule({ roles: ["course_engineer"] });
    expect([ada, bo, cy, null].map((s) => isFlagOn("exampleFlag", r, s, now))).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });

  it("is on for the listed users only", () => {
    const r = rule({ userIds: [ada.id, cy.id] });
    expect([ada, bo, cy, null].map((s) => isFlagOn("exampleFlag", r, s, now))).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it("buckets each user per flag, deterministically (fixed ids)", () => {
    expect([ada, bo, cy].map((s) => flagBucket("exampleFlag", s.id))).toEqual([31, 43, 92]);
    expect([ada, bo, cy].map((s) => flagBucket("enableDiffView", s.id))).toEqual([44, 88, 97]);
  });

  it("is on below the percentage: 0 is nobody, 100 everybody signed in, never anonymous", () => {
    const on = (percentage: number, flag: "exampleFlag" | "enableDiffView" = "exampleFlag") =>
      [ada, bo, cy, null].map((s) => isFlagOn(flag, rule({ percentage }), s, now));
    expect(on(0)).toEqual([false, false, false, false]);
    expect(on(32)).toEqual([true, false, false, false]);
    expect(on(44)).toEqual([true, true, false, false]);
    expect(on(44, "enableDiffView")).toEqual([false, false, false, false]);
    expect(on(100)).toEqual([true, true, true, false]);
  });

  it("spreads a percentage roughly evenly over many users", () => {
    let on = 0;
    for (let i = 0; i < 10_000; i++) {
      if (isFlagOn("enableAgent2", rule({ percentage: 25 }), { id: `user-${i}`, roles: [] }, now))
        on++;
    }
    expect(on).toBeGreaterThan(2_300);
    expect(on).toBeLessThan(2_700);
  });

  it("applies nothing before startsAt, and everything from it", () => {
    const startsAt = new Date("2026-06-01T12:00:00Z");
    const r = rule({ everyone: true, startsAt });
    expect(isFlagOn("exampleFlag", r, ada, new Date("2026-06-01T11:59:59Z"))).toBe(false);
    expect(isFlagOn("exampleFlag", r, null, startsAt)).toBe(true);
    const forAda = rule({ userIds: [ada.id], startsAt });
    expect(isFlagOn("exampleFlag", forAda, ada, new Date("2026-05-01T00:00:00Z"))).toBe(false);
    expect(isFlagOn("exampleFlag", forAda, ada, new Date("2026-07-01T00:00:00Z"))).toBe(true);
  });

  it("evaluates every flag, off where there is no rule", () => {
    expect(
      evaluateFlags(
        { exampleFlag: rule({ userIds: [ada.id] }), enableAgent2: rule({ everyone: true }) },
        ada,
        now,
      ),
    ).toEqual({ ...allOff, exampleFlag: true, enableAgent2: true });
    expect(evaluateFlags({ exampleFlag: rule({ userIds: [ada.id] }) }, bo, now)).toEqual(allOff);
  });
});

describe("flag values (aiModelOverride carries a model name)", () => {
  const ada = { id: "00000000-0000-4000-8000-000000000001", roles: [] };
  const bo = { id: "00000000-0000-4000-8000-000000000002", roles: ["course_engineer"] };
  const now = new Date("2026-06-01T12:00:00Z");
  const rule = (part: Partial<FlagRule>): FlagRule => ({
    everyone: false,
    roles: [],
    userIds: [],
    percentage: null,
    startsAt: null,
    value: null,
    ...part,
  });

  it("gives a value to aiModelOverride only; the seven others stay booleans", () => {
    expect(VALUED_FEATURE_FLAGS).toEqual(["aiModelOverride"]);
    expect(FEATURE_FLAGS.filter(isValuedFeatureFlag)).toEqual(["aiModelOverride"]);
    expect(DEFAULT_FEATURE_FLAG_VALUES).toEqual({ aiModelOverride: null });
    expect(Object.isFrozen(DEFAULT_FEATURE_FLAG_VALUES)).toBe(true);
  });

  it("is the rule's value for the users the rule turns the flag on for, null for the rest", () => {
    const r = rule({ userIds: [ada.id], value: "gpt-4o-mini" });
    expect(flagValue("aiModelOverride", r, ada, now)).toBe("gpt-4o-mini");
    expect(flagValue("aiModelOverride", r, bo, now)).toBeNull();
    expect(flagValue("aiModelOverride", r, null, now)).toBeNull();
    expect(flagValue("aiModelOverride", undefined, ada, now)).toBeNull();
    // On without a value: on, and the default model (null).
    expect(flagValue("aiModelOverride", rule({ everyone: true }), ada, now)).toBeNull();
    expect(isFlagOn("aiModelOverride", rule({ everyone: true }), ada, now)).toBe(true);
  });

  it("holds the value back until startsAt like the rest of the rule", () => {
    const r = rule({ everyone: true, value: "m1", startsAt: new Date("2026-07-01T00:00:00Z") });
    expect(flagValue("aiModelOverride", r, ada, now)).toBeNull();
    expect(flagValue("aiModelOverride", r, ada, new Date("2026-07-01T00:00:00Z"))).toBe("m1");
  });

  it("evaluates every valued flag", () => {
    const rules = { aiModelOverride: rule({ roles: ["course_engineer"], value: "m2" }) };
    expect(evaluateFlagValues(rules, bo, now)).toEqual({ aiModelOverride: "m2" });
    expect(evaluateFlagValues(rules, ada, now)).toEqual({ aiModelOverride: null });
  });

  it.each([
    ["gpt-4o-mini", true],
    ["claude-3-5-haiku-20241022", true],
    ["openrouter/meta-llama-3.1:free", true],
    ["", false],
    ["two words", false],
    ["<script>", false],
    ["x".repeat(101), false],
  ])("accepts %j as a model name: %s", (value, ok) => {
    expect(FLAG_VALUE_PATTERN.test(value)).toBe(ok);
  });
});
