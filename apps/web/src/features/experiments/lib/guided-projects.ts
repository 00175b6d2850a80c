/**
 * `optional-guided-project-in-path` (issue 14) on a track's learning path. The catalog has no
 * "optional" marker: its guided projects are the tutorials with `project: true` (one a track, at
 * the end of a section), and those are what the experiment treats as the optional guided projects
 * (ADR 0040). original: the path as it is; variant1_optional_in_path: projects marked "Optional"
 * and not needed to finish the section; variant2_no_optional_projects: projects left out.
 */

import type { TrackOutline } from "@lumen/contracts";
import type { VariantOf } from "@lumen/core";

export type GuidedProjectVariant = VariantOf<"optional-guided-project-in-path">;

/** The outline the path is drawn from: without project tutorials in variant 2. */
export function outlineForVariant(
  track: TrackOutline,
  variant: GuidedProjectVariant,
): TrackOutline {
  if (variant !== "variant2_no_optional_projects") return track;
  return {
    ...track,
    sections: track.sections.map((section) => ({
      ...section,
      tutorials: section.tutorials.filter((tutorial) => !tutorial.project),
    })),
  };
}

/** Whether a tutorial is shown as optional (variant 1's projects). */
export function isOptionalInPath(
  tutorial: { project: boolean },
  variant: GuidedProjectVariant,
): boolean {
  return variant === "variant1_optional_in_path" && tutorial.project;
}
