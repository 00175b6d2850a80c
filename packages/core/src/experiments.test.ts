import { describe, expect, it } from "vitest";
import {
  activeExperiments,
  assignVariants,
  bucket,
  EXPERIMENT_NAMES,
  EXPERIMENTS,
  experimentStart,
  experimentSubject,
  fmix32,
  fnv1a32,
  isExperimentActive,
  isExperimentName,
  VISITOR_ID_PATTERN,
  variantFor,
} from "./experiments.ts";

const at = (iso: string) => new Date(iso);

describe("experiments (spec section 9)", () => {
  it('"optional-guided-project-in-path: original, variant1_optional_in_path, variant2_no_optional_projects; from 2024-12-02"', () => {
    expect(EXPERIMENTS["optional-guided-project-in-path"]).toEqual({
      variants: ["original", "variant1_optional_in_path", "variant2_no_optional_projects"],
      activation: { startDate: "2024-12-02" },
    });
  });

  it('"glossary-fixed-cta-variations: original, variant_learn_daily; from 2025-08-21"', () => {
    expect(EXPERIMENTS["glossary-fixed-cta-variations"]).toEqual({
      variants: ["original", "variant_learn_daily"],
      activation: { startDate: "2025-08-21" },
    });
  });

  it('"landing-page-variant: original, variant; from 2025-11-04"', () => {
    expect(EXPERIMENTS["landing-page-variant"]).toEqual({
      variants: ["original", "variant"],
      activation: { startDate: "2025-11-04" },
    });
  });

  it('"demo-ab-test: manual activation"', () => {
    expect(EXPERIMENTS["demo-ab-test"].activation).toBe("manual");
    expect(experimentStart("demo-ab-test")).toBeNull();
  });

  it("lists exactly the four experiments, each starting with original", () => {
    expect(EXPERIMENT_NAMES).toEqual([
      "optional-guided-project-in-path",
      "glossary-fixed-cta-variations",
      "landing-page-variant",
      "demo-ab-test",
    ]);
    for (const name of EXPERIMENT_NAMES) expect(EXPERIMENTS[name].variants[0]).toBe("original");
    expect(isExperimentName("landing-page-variant")).toBe(true);
    expect(isExperimentName("toString")).toBe(false);
  });
});

describe("isExperimentActive (spec section 4: Experiments become active from their start date)", () => {
  it.each([
    ["optional-guided-project-in-path", "2024-12-01T23:59:59.999Z", "2024-12-02T00:00:00.000Z"],
    ["glossary-fixed-cta-variations", "2025-08-20T23:59:59.999Z", "2025-08-21T00:00:00.000Z"],
    ["landing-page-variant", "2025-11-03T23:59:59.999Z", "2025-11-04T00:00:00.000Z"],
  ] as const)(
    "%s is inactive until %s and active from %s (UTC, inclusive)",
    (name, before, from) => {
      expect(isExperimentActive(name, at(before))).toBe(false);
      expect(isExperimentActive(name, at(from))).toBe(true);
      expect(isExperimentActive(name, at("2030-01-01T00:00:00Z"))).toBe(true);
    },
  );

  it("reads the start date in UTC, whatever the offset of the given time", () => {
    // 2024-12-02 01:00 in UTC+02:00 is still 2024-12-01 in UTC.
    expect(
      isExperimentActive("optional-guided-project-in-path", at("2024-12-02T01:00:00+02:00")),
    ).toBe(false);
    // 2024-12-01 20:00 in UTC-05:00 is already 2024-12-02 in UTC.
    expect(
      isExperimentActive("optional-guided-project-in-path", at("2024-12-01T20:00:00-05:00")),
    ).toBe(true);
  });

  it("keeps a manual experiment off until it is activated, at any date", () => {
    expect(isExperimentActive("demo-ab-test", at("2099-01-01T00:00:00Z"))).toBe(false);
    expect(isExperimentActive("demo-ab-test", at("2000-01-01T00:00:00Z"), ["demo-ab-test"])).toBe(
      true,
    );
  });

  it("does not let activation start a dated experiment early", () => {
    expect(
      isExperimentActive("landing-page-variant", at("2025-01-01T00:00:00Z"), [
        "landing-page-variant",
      ]),
    ).toBe(false);
  });
});

describe("variantFor", () => {
  const userIds = Array.from({ length: 30_000 }, (_, i) => `user-${i}`);
  const active = { now: at("2026-01-01T00:00:00Z"), activated: ["demo-ab-test"] as const };

  it('gives "original" to everyone while the experiment is inactive', () => {
    const early = { now: at("2024-01-01T00:00:00Z") };
    for (const name of EXPERIMENT_NAMES) {
      for (const userId of userIds.slice(0, 200)) {
        expect(variantFor(name, userId, early)).toBe("original");
      }
    }
  });

  it("gives a user the same variant every time", () => {
    for (const userId of userIds.slice(0, 200)) {
      const first = variantFor("optional-guided-project-in-path", userId, active);
      expect(variantFor("optional-guided-project-in-path", userId, active)).toBe(first);
      expect(
        variantFor("optional-guided-project-in-path", userId, { now: at("2031-06-01T00:00:00Z") }),
      ).toBe(first);
    }
  });

  it.each(EXPERIMENT_NAMES)("splits users evenly across the variants of %s", (name) => {
    const variants = EXPERIMENTS[name].variants;
    const counts = new Map<string, number>();
    for (const userId of userIds) {
      const variant = variantFor(name, userId, active);
      counts.set(variant, (counts.get(variant) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...variants].sort());
    const share = userIds.length / variants.length;
    for (const count of counts.values()) {
      expect(Math.abs(count - share) / share).toBeLessThan(0.05);
    }
  });

  it("buckets a user independently in two experiments with the same variant count", () => {
    let same = 0;
    for (const userId of userIds) {
      const a = variantFor("landing-page-variant", userId, active);
      const b = variantFor("glossary-fixed-cta-variations", userId, active);
      if ((a === "original") === (b === "original")) same++;
    }
    // Independent halves agree for about half the users; identical hashing would give all.
    expect(same / userIds.length).toBeGreaterThan(0.45);
    expect(same / userIds.length).toBeLessThan(0.55);
  });
});

describe("fnv1a32, fmix32 and bucket", () => {
  it("fnv1a32 matches the published FNV-1a 32-bit test vectors", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
  });

  it("fmix32 maps 0 to 0 and spreads neighbouring inputs far apart", () => {
    expect(fmix32(0)).toBe(0);
    const a = fmix32(1);
    const b = fmix32(2);
    const differingBits = (a ^ b).toString(2).replaceAll("0", "").length;
    expect(differingBits).toBeGreaterThan(8);
  });

  it("returns unsigned 32-bit integers", () => {
    for (const text of ["", "x", "a much longer text with ünïcödé ✓"]) {
      for (const hash of [fnv1a32(text), fmix32(fnv1a32(text))]) {
        expect(Number.isInteger(hash)).toBe(true);
        expect(hash).toBeGreaterThanOrEqual(0);
        expect(hash).toBeLessThan(2 ** 32);
      }
    }
  });

  it("keeps buckets in range", () => {
    for (const count of [1, 2, 3, 7]) {
      for (let i = 0; i < 1000; i++) {
        const b = bucket(`key-${i}`, count);
        expect(Number.isInteger(b)).toBe(true);
        expect(b).toBeGreaterThanOrEqual(0);
        expect(b).toBeLessThan(count);
      }
    }
  });
});

describe("assignment of fixed ids (issue 14: deterministic per user and visitor)", () => {
  const running = { now: at("2026-01-01T00:00:00Z"), activated: ["demo-ab-test"] as const };

  // Pinned: a change to the hash would move every live user to another variant mid-experiment.
  it.each([
    [
      "visitor-0001",
      {
        "optional-guided-project-in-path": "variant2_no_optional_projects",
        "glossary-fixed-cta-variations": "variant_learn_daily",
        "landing-page-variant": "variant",
        "demo-ab-test": "variant",
      },
    ],
    [
      "visitor-0002",
      {
        "optional-guided-project-in-path": "variant1_optional_in_path",
        "glossary-fixed-cta-variations": "variant_learn_daily",
        "landing-page-variant": "original",
        "demo-ab-test": "original",
      },
    ],
    [
      "visitor-0004",
      {
        "optional-guided-project-in-path": "variant1_optional_in_path",
        "glossary-fixed-cta-variations": "original",
        "landing-page-variant": "original",
        "demo-ab-test": "original",
      },
    ],
    [
      "visitor-0005",
      {
        "optional-guided-project-in-path": "original",
        "glossary-fixed-cta-variations": "variant_learn_daily",
        "landing-page-variant": "original",
        "demo-ab-test": "original",
      },
    ],
    [
      "visitor-0006",
      {
        "optional-guided-project-in-path": "original",
        "glossary-fixed-cta-variations": "original",
        "landing-page-variant": "variant",
        "demo-ab-test": "original",
      },
    ],
  ] as const)("%s sees %j while all four run", (id, expected) => {
    expect(assignVariants(id, running)).toEqual(expected);
  });

  it.each([
    ["optional-guided-project-in-path", "2024-12-01T23:59:59Z", "2024-12-02T00:00:00Z"],
    ["glossary-fixed-cta-variations", "2025-08-20T23:59:59Z", "2025-08-21T00:00:00Z"],
    ["landing-page-variant", "2025-11-03T23:59:59Z", "2025-11-04T00:00:00Z"],
  ] as const)(
    "visitor-0001 sees original in %s until its start, its variant from %s",
    (name, before, from) => {
      expect(variantFor(name, "visitor-0001", { now: at(before) })).toBe("original");
      expect(variantFor(name, "visitor-0001", { now: at(from) })).not.toBe("original");
    },
  );

  it("gives demo-ab-test's variant only while an admin has it activated", () => {
    expect(variantFor("demo-ab-test", "visitor-0001", { now: at("2026-01-01T00:00:00Z") })).toBe(
      "original",
    );
    expect(variantFor("demo-ab-test", "visitor-0001", running)).toBe("variant");
  });

  it("lists the running experiments at a date", () => {
    expect(activeExperiments({ now: at("2025-09-01T00:00:00Z") })).toEqual([
      "optional-guided-project-in-path",
      "glossary-fixed-cta-variations",
    ]);
    expect(activeExperiments(running)).toEqual(EXPERIMENT_NAMES);
  });

  it("paused by the operator (EXPERIMENTS_PAUSED), none runs and everyone sees the original", () => {
    const paused = { ...running, paused: true };
    expect(activeExperiments(paused)).toEqual([]);
    expect(variantFor("demo-ab-test", "visitor-0001", paused)).toBe("original");
    expect(isExperimentActive("landing-page-variant", at("2026-11-25T00:00:00Z"), [], true)).toBe(
      false,
    );
    for (const subject of ["visitor-0001", "visitor-0002", "visitor-0003", "visitor-0006"]) {
      expect(Object.values(assignVariants(subject, paused))).toEqual(
        EXPERIMENT_NAMES.map(() => "original"),
      );
    }
  });

  it("buckets a user by the visitor id carried over at sign-up, so nothing changes then", () => {
    const before = assignVariants(experimentSubject({ visitorId: "visitor-0006" })!, running);
    const after = assignVariants(
      experimentSubject({
        userId: "c0ffee00-0000-4000-8000-000000000000",
        carriedVisitorId: "visitor-0006",
      })!,
      running,
    );
    expect(after).toEqual(before);
    expect(experimentSubject({ userId: "u-1" })).toBe("u-1");
    expect(experimentSubject({ userId: "u-1", visitorId: "visitor-0006" })).toBe("u-1");
    expect(experimentSubject({})).toBeNull();
  });

  it("accepts UUID visitor ids and refuses odd ones", () => {
    expect(VISITOR_ID_PATTERN.test("3f2b8c1e-0000-4000-8000-000000000001")).toBe(true);
    for (const bad of ["", "short", "a b c d e f g h", "x".repeat(65), "semi;colon-1234"]) {
      expect(VISITOR_ID_PATTERN.test(bad)).toBe(false);
    }
  });
});
