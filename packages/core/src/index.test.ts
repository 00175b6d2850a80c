import { describe, expect, it } from "vitest";
import * as core from "./index.ts";

describe("@lumen/core index", () => {
  it("exports one entry point per domain rule", () => {
    expect(core.planLabel("tier-2")).toBe("250 Credits");
    expect(core.lessonKind([{ name: "query.sql" }])).toBe("sql");
    expect(core.languageOfFile("main.py")).toBe("python");
    expect(() => core.codeLanguageInfo("cobol")).toThrow("Unknown coding language");
    expect(core.occupationFromChoice("Employed")).toBe("employed");
    expect(
      core.safeRedirect("/web/streak", {
        allowedHosts: [],
        currentOrigin: "https://lumen.dev",
        allowDevHosts: false,
      }).url,
    ).toBe("/web/streak");
    expect(core.validateCookieMaxAge(core.AUTH_COOKIE_DEFAULTS.maxAge).ok).toBe(true);
    expect(core.isExperimentActive("landing-page-variant", new Date("2025-11-04T00:00:00Z"))).toBe(
      true,
    );
    expect(core.ordinal(112)).toBe("112th");
    expect(core.parseFeatureOverrides("{").error).toBe("Failed to parse overrides cookie");
  });
});
