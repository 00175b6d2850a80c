/**
 * Fill-in lessons: the snippet cut into text and blanks (`[[n]]`, n from 0), the token chips on
 * offer (answers and distractors, shuffled the same way on every visit), and the check.
 */

export type SnippetPart = { kind: "text"; text: string } | { kind: "blank"; index: number };

export function parseSnippet(code: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const blank = /\[\[(\d+)\]\]/g;
  let at = 0;
  for (const match of code.matchAll(blank)) {
    const start = match.index ?? 0;
    if (start > at) parts.push({ kind: "text", text: code.slice(at, start) });
    parts.push({ kind: "blank", index: Number(match[1]) });
    at = start + match[0].length;
  }
  if (at < code.length) parts.push({ kind: "text", text: code.slice(at) });
  return parts;
}

export interface Chip {
  id: number;
  text: string;
}

/** A small seeded generator (mulberry32), so a lesson's chips keep their order across visits. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function chipsFor(answers: string[], distractors: string[], seed: number): Chip[] {
  const chips = [...answers, ...distractors].map((text, id) => ({ id, text }));
  const next = random(seed);
  for (let i = chips.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [chips[i], chips[j]] = [chips[j] as Chip, chips[i] as Chip];
  }
  return chips;
}

/** Right when every blank holds its answer's text (two chips with the same text are equal). */
export function isFilledCorrectly(filled: Array<string | undefined>, answers: string[]): boolean {
  return answers.length > 0 && answers.every((answer, i) => filled[i] === answer);
}

/** The indexes of blanks holding a wrong token, for marking them after a check. */
export function wrongBlanks(filled: Array<string | undefined>, answers: string[]): number[] {
  return answers.flatMap((answer, i) =>
    filled[i] !== undefined && filled[i] !== answer ? [i] : [],
  );
}

/** The snippet with each `[[n]]` blank holding the learner's token (an empty blank stays "___"). */
export function fillBlanks(code: string, texts: ReadonlyArray<string | undefined>): string {
  return code.replace(/\[\[(\d+)\]\]/g, (_, n: string) => texts[Number(n)] ?? "___");
}
