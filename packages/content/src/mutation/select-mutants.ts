/**
 * Picks a lesson's mutants: every change the mutators of each file's language can make, without
 * duplicates or no-op changes, then a deterministic sample (seeded by the lesson id) that takes
 * the hard-coded output first and then goes round the mutators, so each kind of mistake is tried.
 */
import type { LessonFile } from "@lumen/contracts";
import { programChanges } from "./code-mutators.ts";
import { hardCodeChange } from "./hard-code.ts";
import {
  cssChanges,
  htmlChanges,
  removeAttributeChanges,
  removeElementChanges,
} from "./markup-mutators.ts";
import { sqlChanges } from "./sql-mutators.ts";
import { type LineChange, MUTATORS, type Mutant } from "./types.ts";

export const MUTANTS_PER_LESSON = 12;

/** The changes the mutators of a file's language (by its extension) can make. */
export function changesForFile(name: string, content: string): LineChange[] {
  const ext = name.split(".").pop()?.toLowerCase() ?? "";
  const text = content.replace(/\n$/, "");
  const changes = (() => {
    switch (ext) {
      case "py":
        return programChanges(text, "python");
      case "js":
      case "ts":
        return programChanges(text, "javascript");
      case "jsx":
      case "tsx":
        return [
          ...programChanges(text, "javascript"),
          ...removeElementChanges(text),
          ...removeAttributeChanges(text),
        ];
      case "sql":
        return sqlChanges(text);
      case "html":
        return htmlChanges(text);
      case "css":
        return cssChanges(text);
      default:
        return [];
    }
  })();
  // Files end with a newline; a change keeps it.
  return changes.map((c) => ({
    ...c,
    content: content.endsWith("\n") ? `${c.content}\n` : c.content,
  }));
}

/** A small, fast, seeded generator (mulberry32): the same lesson always gets the same mutants. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export interface MutantOptions {
  seed: number;
  /**
   * The starter files: a line the learner was given as it stands is not theirs to get wrong, so
   * only the lines the solution adds or changes are mutated (hard-coding excepted).
   */
  starter?: LessonFile[];
  cap?: number;
  /** Per file: the program that prints what the solution printed (hard-code-output). */
  hardCoded?: Record<string, string | undefined>;
}

/** The lesson's mutants: at most `cap`, deterministic for a seed, each with a stable key. */
export function selectMutants(files: LessonFile[], options: MutantOptions): Mutant[] {
  const all: Mutant[] = [];
  const seen = new Set<string>();
  const keys = new Map<string, number>();
  for (const file of files) {
    const given = options.starter?.find((f) => f.name === file.name);
    const givenLines = new Set(given?.content.split("\n").map((l) => l.trim()) ?? []);
    const lines = file.content.split("\n");
    const changes = changesForFile(file.name, file.content).filter(
      (c) => !givenLines.has(lines[c.line - 1]?.trim() ?? ""),
    );
    const hard = hardCodeChange(file.content, options.hardCoded?.[file.name]);
    for (const c of hard ? [hard, ...changes] : changes) {
      const identity = `${file.name}\u0000${c.content}`;
      if (c.content === file.content || seen.has(identity)) continue;
      seen.add(identity);
      const base = `${c.mutator}@${file.name}:${c.line}`;
      const n = (keys.get(base) ?? 0) + 1;
      keys.set(base, n);
      all.push({ ...c, file: file.name, key: n === 1 ? base : `${base}#${n}` });
    }
  }
  const random = seededRandom(options.seed);
  const queues = MUTATORS.map((m) =>
    shuffle(
      all.filter((c) => c.mutator === m),
      random,
    ),
  ).filter((q) => q.length > 0);
  const picked: Mutant[] = [];
  const cap = options.cap ?? MUTANTS_PER_LESSON;
  while (picked.length < cap && queues.some((q) => q.length > 0)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next && picked.length < cap) picked.push(next);
    }
  }
  return picked;
}
