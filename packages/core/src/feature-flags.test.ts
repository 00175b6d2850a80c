import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_FEATURE_FLAGS,
  FEATURE_FLAGS,
  OVERRIDES_PARSE_FAILED,
  parseFeatureOverrides,
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
