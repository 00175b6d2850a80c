/**
 * Benchmark of issue 17's library search: the MiniSearch index (apps/server/src/library) over the
 * real curriculum (content/) and over a synthetic one ten times larger (the real tracks copied
 * with new ids and shuffled words), against the naive baseline measured in the same run: a linear
 * scan of every document's lower-cased title and text for every query word.
 * Prints the documents, the index build time, and the median and 95th-percentile time of a query
 * (a mix of whole words, prefixes as typed, two-word queries and misses).
 *
 * Run: npm run bench -- library-search
 */
import path from "node:path";
import { loadContent } from "@lumen/content";
import type { Catalog, Track } from "@lumen/contracts";
import { libraryDocs } from "../apps/server/src/library/library-docs.ts";
import { buildLibraryIndex } from "../apps/server/src/library/library-index.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const QUERIES = [
  "variable",
  "vari",
  "loop",
  "function return",
  "list",
  "select where",
  "css grid",
  "flexbox layout",
  "print",
  "zzzznotaword",
  "string methods",
  "c",
  "dictionary",
  "component props",
  "join",
];
const ROUNDS = 20;

/** Word order shuffled with a fixed seed, so that copies are not duplicates of each other. */
function shuffleWords(text: string, seed: number): string {
  const words = text.split(" ");
  let s = seed;
  for (let i = words.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    [words[i], words[j]] = [words[j] as string, words[i] as string];
  }
  return words.join(" ");
}

function scaled(catalog: Catalog, times: number): Catalog {
  const tracks: Track[] = [];
  for (let copy = 0; copy < times; copy++) {
    for (const track of catalog.tracks) {
      const id = (n: number) => n + copy * 100_000_000;
      tracks.push({
        ...track,
        id: id(track.id),
        sections: track.sections.map((s) => ({ ...s, tutorialIds: s.tutorialIds.map(id) })),
        tutorials: track.tutorials.map((tutorial) => ({
          ...tutorial,
          id: id(tutorial.id),
          chapters: tutorial.chapters.map((chapter) => ({
            ...chapter,
            id: id(chapter.id),
            lessons: chapter.lessons.map((lesson) => ({
              ...lesson,
              id: id(lesson.id),
              explanationHtml: copy
                ? shuffleWords(lesson.explanationHtml, lesson.id + copy)
                : lesson.explanationHtml,
            })),
          })),
        })),
      });
    }
  }
  return { tracks, glossary: catalog.glossary };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

function timeQueries(run: (q: string) => number): { median: number; p95: number; found: number } {
  const times: number[] = [];
  let found = 0;
  // Round 0 warms the JIT up and counts the hits; the others are timed.
  for (let round = 0; round <= ROUNDS; round++) {
    for (const q of QUERIES) {
      const start = performance.now();
      const n = run(q);
      if (round > 0) times.push(performance.now() - start);
      else found += n;
    }
  }
  return { median: percentile(times, 0.5), p95: percentile(times, 0.95), found };
}

function measure(label: string, catalog: Catalog) {
  const buildStart = performance.now();
  const index = buildLibraryIndex(catalog);
  const buildMs = performance.now() - buildStart;
  const indexed = timeQueries((q) => index.search(q).total);

  // The baseline: what a search without an index does, a scan of every document per query.
  const docs = libraryDocs(catalog).map((d) => `${d.title} ${d.text}`.toLowerCase());
  const naive = timeQueries((q) => {
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    let n = 0;
    for (const doc of docs) if (words.every((w) => doc.includes(w))) n++;
    return n;
  });

  // A fairer baseline: the same scan, then ranked (title words count more) and cut to 30 hits.
  const fields = libraryDocs(catalog).map((d) => ({
    title: d.title.toLowerCase(),
    text: d.text.toLowerCase(),
  }));
  const ranked = timeQueries((q) => {
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    const scored: Array<{ i: number; score: number }> = [];
    fields.forEach((doc, i) => {
      let score = 0;
      for (const w of words) {
        const inTitle = doc.title.includes(w);
        const inText = doc.text.includes(w);
        if (!inTitle && !inText) return;
        score += (inTitle ? 3 : 0) + (inText ? doc.text.split(w).length - 1 : 0);
      }
      scored.push({ i, score });
    });
    scored.sort((a, b) => b.score - a.score);
    return scored.slice(0, 30).length && scored.length;
  });

  const lessons = catalog.tracks.reduce(
    (n, t) =>
      n +
      t.tutorials.reduce((m, tu) => m + tu.chapters.reduce((k, c) => k + c.lessons.length, 0), 0),
    0,
  );
  console.log(
    `\n${label}: ${catalog.tracks.length} tracks, ${lessons} lessons, ${index.docs.length} documents`,
  );
  console.log(`  index build            ${buildMs.toFixed(1)} ms`);
  console.log(
    `  indexed search         median ${indexed.median.toFixed(3)} ms   p95 ${indexed.p95.toFixed(3)} ms   (${indexed.found} hits over ${QUERIES.length} queries)`,
  );
  console.log(
    `  baseline linear scan   median ${naive.median.toFixed(3)} ms   p95 ${naive.p95.toFixed(3)} ms   (${naive.found} hits; substring, no ranking, no typos)`,
  );
  console.log(
    `  baseline ranked scan   median ${ranked.median.toFixed(3)} ms   p95 ${ranked.p95.toFixed(3)} ms   (${ranked.found} hits; substring counts, top 30)`,
  );
  console.log(
    `  speed-up (median)      ${(naive.median / indexed.median).toFixed(1)}x against the scan, ${(ranked.median / indexed.median).toFixed(1)}x against the ranked scan`,
  );
}

const loaded = loadContent(path.join(ROOT, "content"));
if (loaded.problems.length) console.warn(`content has ${loaded.problems.length} problems`);
measure("Real curriculum", loaded.catalog);
measure("Synthetic curriculum (10x)", scaled(loaded.catalog, 10));
