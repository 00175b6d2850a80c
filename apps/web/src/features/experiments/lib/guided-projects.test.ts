import type { TrackOutline } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { isOptionalInPath, outlineForVariant } from "./guided-projects.ts";

const tutorial = (id: number, project: boolean) => ({
  id,
  slug: `t-${id}`,
  title: `Tutorial ${id}`,
  description: "",
  project,
  chapters: [],
});

const track = {
  id: 1,
  slug: "python",
  title: "Python",
  description: "",
  language: "python",
  version: 1,
  counts: { sections: 2, tutorials: 4, chapters: 0, lessons: 0 },
  sections: [
    { index: 0, title: "Foundations", tutorials: [tutorial(101, false), tutorial(102, false)] },
    { index: 1, title: "Building", tutorials: [tutorial(103, false), tutorial(104, true)] },
  ],
} as unknown as TrackOutline;

const ids = (t: TrackOutline) => t.sections.map((s) => s.tutorials.map((x) => x.id));

describe("optional-guided-project-in-path on the learning path", () => {
  it("keeps the path as it is for original and variant 1", () => {
    expect(outlineForVariant(track, "original")).toBe(track);
    expect(ids(outlineForVariant(track, "variant1_optional_in_path"))).toEqual([
      [101, 102],
      [103, 104],
    ]);
  });

  it("leaves the guided projects out in variant 2, and nothing else", () => {
    expect(ids(outlineForVariant(track, "variant2_no_optional_projects"))).toEqual([
      [101, 102],
      [103],
    ]);
  });

  it("marks projects optional in variant 1 only", () => {
    expect(isOptionalInPath(tutorial(104, true), "variant1_optional_in_path")).toBe(true);
    expect(isOptionalInPath(tutorial(103, false), "variant1_optional_in_path")).toBe(false);
    expect(isOptionalInPath(tutorial(104, true), "original")).toBe(false);
    expect(isOptionalInPath(tutorial(104, true), "variant2_no_optional_projects")).toBe(false);
  });
});
