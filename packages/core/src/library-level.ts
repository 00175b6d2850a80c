/**
 * The library's level of a tutorial (issue 17). The curriculum names no level, so it is derived
 * from where the tutorial stands in its track's order: the first third of a track's tutorials is
 * beginner, the middle third intermediate, the last third advanced. A one-tutorial track is
 * beginner; a two-tutorial track is beginner then intermediate (nothing is "advanced" until a track
 * is long enough to have a middle).
 */

export const LIBRARY_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type LibraryLevel = (typeof LIBRARY_LEVELS)[number];

/**
 * The level of the tutorial at `position` (0-based, in the track's section order) of a track with
 * `count` tutorials. Out-of-range positions are clamped into the track.
 */
export function tutorialLevel(position: number, count: number): LibraryLevel {
  if (count <= 1) return "beginner";
  const p = Math.min(Math.max(0, Math.floor(position)), count - 1);
  if (count === 2) return p === 0 ? "beginner" : "intermediate";
  const third = Math.min(2, Math.floor((p * 3) / count));
  return LIBRARY_LEVELS[third] ?? "advanced";
}

/** The levels a track covers, in order, without repeats. */
export function trackLevels(count: number): LibraryLevel[] {
  const seen = new Set<LibraryLevel>();
  for (let i = 0; i < count; i++) seen.add(tutorialLevel(i, count));
  return LIBRARY_LEVELS.filter((level) => seen.has(level));
}
