/**
 * The id scheme (docs/content-format.md, ADR 0052). Ids are stable: they sit in URLs and in
 * learners' saved work, so none ever changes. Range 1, the first scheme: track 1–99, and each
 * child is parent × 100 + n with n 1–99 (tutorial 101, chapter 10101, lesson 1010101); two-digit
 * tracks fit it unchanged, one digit longer at every level, so they never meet a one-digit
 * track's ids. Range 2, for a chapter's 100th lesson and on: 1 000 000 000 + chapter × 1000 + n,
 * n 1–999, above every range-1 lesson id and below 2^31 (lesson ids are 32-bit integer columns).
 */

export type IdLevel = "track" | "tutorial" | "chapter" | "lesson";

export const MAX_TRACK_ID = 99;
export const RANGE_2_BASE = 1_000_000_000;

/** The parent id an id names under the scheme, or undefined when the id fits no range. */
export function parentOfId(level: Exclude<IdLevel, "track">, id: number): number | undefined {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  if (level === "lesson" && id > RANGE_2_BASE) {
    const rest = id - RANGE_2_BASE;
    const chapter = Math.floor(rest / 1000);
    return rest % 1000 === 0 || parentOfId("chapter", chapter) === undefined ? undefined : chapter;
  }
  if (id % 100 === 0) return undefined;
  const parent = Math.floor(id / 100);
  if (level === "tutorial") return parent >= 1 && parent <= MAX_TRACK_ID ? parent : undefined;
  const grandLevel = level === "lesson" ? "chapter" : "tutorial";
  return parentOfId(grandLevel, parent) === undefined ? undefined : parent;
}

/** What is wrong with an id under its parent, or undefined when it follows the scheme. */
export function idProblem(level: IdLevel, id: number, parentId?: number): string | undefined {
  if (level === "track") {
    return Number.isInteger(id) && id >= 1 && id <= MAX_TRACK_ID
      ? undefined
      : `track id ${id} must be 1 to ${MAX_TRACK_ID}`;
  }
  const parent = parentOfId(level, id);
  if (parent !== undefined && parent === parentId) return undefined;
  if (level === "tutorial")
    return `tutorial id ${id} must be track id × 100 + n (${parentId}01, ${parentId}02, ...)`;
  if (level === "chapter") return `chapter id ${id} must be tutorial id × 100 + n`;
  return `lesson id ${id} must be chapter id × 100 + n (or, from a chapter's 100th lesson, ${RANGE_2_BASE} + chapter id × 1000 + n)`;
}
