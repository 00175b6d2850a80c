/**
 * The shapes of mutation testing (issue 20): a mutant is the author's solution with one small,
 * plausible mistake in one file, named by the mutator that made it and the line it touched.
 */

/** The mutators, by name; a lesson's justified survivors name them (docs/content-format.md). */
export const MUTATORS = [
  "hard-code-output",
  "literal",
  "drop-line",
  "operator",
  "off-by-one",
  "print-not-return",
  "drop-where",
  "drop-order-by",
  "drop-limit",
  "select-star",
  "remove-element",
  "remove-attribute",
  "remove-property",
] as const;
export type MutatorName = (typeof MUTATORS)[number];

/** One changed line of one file, before the mutant is given its key and file. */
export interface LineChange {
  mutator: MutatorName;
  /** The 1-based line the change is on (its first line when it removes several). */
  line: number;
  /** The whole file after the change. */
  content: string;
  /** What the learner would see in a diff: `- before` / `+ after`, on one line. */
  diff: string;
}

export interface Mutant extends LineChange {
  file: string;
  /** Stable name of the mutant: `mutator@file:line`, plus `#n` for a second one on that line. */
  key: string;
}

/** A one-line diff of a change: the trimmed old text, then the new (or "(removed)"). */
export function oneLineDiff(before: string, after: string | null): string {
  const clip = (s: string) => {
    const t = s.trim().replace(/\s+/g, " ");
    return t.length > 70 ? `${t.slice(0, 67)}...` : t;
  };
  return `- ${clip(before)} + ${after === null ? "(removed)" : clip(after)}`;
}

/** Replaces line `index` (0-based) of `lines` with `replacement` (null removes it). */
export function withLine(lines: string[], index: number, replacement: string | null): string {
  const copy = [...lines];
  if (replacement === null) copy.splice(index, 1);
  else copy[index] = replacement;
  return copy.join("\n");
}
