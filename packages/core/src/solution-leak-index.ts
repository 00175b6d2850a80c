/**
 * The leak guard over a whole catalog at once (issue 16): the assistant chat is not tied to one
 * lesson, so its replies are checked against every code lesson's secret. Each
 * lesson's secret grams (solution-leak.ts) go into one index, gram → lessons, built once per
 * catalog; a reply's grams are looked up once, and a lesson leaks by the same rule as in the
 * tutor. Left out, as common knowledge outside their lesson (the tutor still guards them inside
 * it): choice and fill-in lessons (a choice, a blank's keyword) and solutions of fewer than
 * MIN_INDEXED_SECRET grams (`console.log("Hello");`).
 */
import { codeLeaks, codeSecret, type LeakSubject, replyGrams } from "./solution-leak.ts";

/** The fewest secret grams a lesson needs to be guarded catalog-wide. */
export const MIN_INDEXED_SECRET = 5;

export interface LeakIndexEntry<K> {
  key: K;
  subject: LeakSubject;
}

export interface LeakIndex<K> {
  grams: Map<string, number[]>;
  entries: Array<{ key: K; size: number }>;
}

export function buildLeakIndex<K>(subjects: ReadonlyArray<LeakIndexEntry<K>>): LeakIndex<K> {
  const index: LeakIndex<K> = { grams: new Map(), entries: [] };
  const add = (key: K, secret: Set<string>) => {
    if (secret.size < MIN_INDEXED_SECRET) return;
    const at = index.entries.push({ key, size: secret.size }) - 1;
    for (const gram of secret) {
      const list = index.grams.get(gram);
      if (list) list.push(at);
      else index.grams.set(gram, [at]);
    }
  };
  for (const { key, subject } of subjects) {
    if (subject.solution?.length) add(key, codeSecret(subject));
  }
  return index;
}

/** The first lesson whose answer REPLY gives away, or undefined. */
export function findLeakInIndex<K>(reply: string, index: LeakIndex<K>): K | undefined {
  const found = new Map<number, number>();
  for (const gram of replyGrams(reply)) {
    for (const at of index.grams.get(gram) ?? []) found.set(at, (found.get(at) ?? 0) + 1);
  }
  for (const [at, count] of found) {
    const entry = index.entries[at];
    if (!entry) continue;
    if (codeLeaks(entry.size, count)) return entry.key;
  }
  return undefined;
}
