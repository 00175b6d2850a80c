/**
 * The library's search index (issue 17, ADR 0051): MiniSearch over the catalog's documents
 * (library-docs.ts), built once a published catalog and kept beside it (a WeakMap keyed by the
 * catalog object, so a newly published set gets its own index and the old one is collected).
 * Titles weigh more than prose; the last word of a query matches as a prefix (results as you
 * type), longer words forgive a typo when the words as typed find little; every word must match,
 * else any word may.
 */
import type { Catalog, CodeLanguage } from "@lumen/contracts";
import { MAX_LIBRARY_HITS, MAX_LIBRARY_QUERY } from "@lumen/contracts";
import type { LibraryLevel } from "@lumen/core";
import MiniSearch, { type SearchOptions } from "minisearch";
import { snippetOf } from "./lesson-text.ts";
import { type LibraryDoc, libraryDocs } from "./library-docs.ts";

/** The most words of a query that count; the rest are ignored. */
const MAX_TERMS = 12;
/** Fewer hits than this and the search tries again forgiving typos. */
const FEW = 3;

const KIND_BOOST: Record<LibraryDoc["kind"], number> = {
  track: 1.6,
  tutorial: 1.4,
  chapter: 1.2,
  lesson: 1,
};

export interface LibraryFilters {
  language?: CodeLanguage;
  level?: LibraryLevel;
}

export interface LibraryMatch {
  doc: LibraryDoc;
  score: number;
  snippet: string;
}

export interface LibraryIndex {
  docs: readonly LibraryDoc[];
  search(q: string, filters?: LibraryFilters): { total: number; matches: LibraryMatch[] };
}

/** Lower case without accents: "Café" and "cafe" are one word. */
export const normalizeTerm = (term: string) =>
  term
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

export function buildLibraryIndex(catalog: Catalog): LibraryIndex {
  const docs = libraryDocs(catalog);
  const mini = new MiniSearch<LibraryDoc>({
    fields: ["title", "text"],
    storeFields: [],
    processTerm: (term) => normalizeTerm(term) || null,
  });
  mini.addAll(docs);

  return {
    docs,
    search(q, filters = {}) {
      const words = q.slice(0, MAX_LIBRARY_QUERY).trim();
      if (!words) return { total: 0, matches: [] };
      const terms = MiniSearch.getDefault("tokenize")(words).filter(Boolean).slice(0, MAX_TERMS);
      if (!terms.length) return { total: 0, matches: [] };
      const query = terms.join(" ");
      const options: SearchOptions = {
        boost: { title: 3 },
        // A one-letter prefix would expand to most of the vocabulary: it counts as a word.
        prefix: (term, i, all) => i === all.length - 1 && term.length >= 2,
        boostDocument: (id) => KIND_BOOST[docs[id as number]?.kind ?? "lesson"],
        filter: (result) => {
          const doc = docs[result.id as number];
          if (!doc) return false;
          if (filters.language && doc.language !== filters.language) return false;
          // A track spans every level: a level filter leaves it out.
          if (filters.level && (doc.kind === "track" || doc.level !== filters.level)) return false;
          return true;
        },
      };
      // Typos are forgiven only when the words as typed find little: fuzzy matching costs most.
      const fuzzy = { fuzzy: (term: string) => (term.length >= 5 ? 0.2 : false), maxFuzzy: 2 };
      let results = mini.search(query, { ...options, combineWith: "AND" });
      if (results.length < FEW)
        results = mini.search(query, { ...options, ...fuzzy, combineWith: "AND" });
      if (!results.length && terms.length > 1)
        results = mini.search(query, { ...options, ...fuzzy, combineWith: "OR" });
      const matches = results.slice(0, MAX_LIBRARY_HITS).map((result) => {
        const doc = docs[result.id as number] as LibraryDoc;
        const text = doc.text || doc.title;
        return { doc, score: result.score, snippet: snippetOf(text, result.terms) };
      });
      return { total: results.length, matches };
    },
  };
}

const built = new WeakMap<Catalog, LibraryIndex>();

/** The index of a catalog, built the first time it is asked for (or warmed at publish). */
export function libraryIndexFor(catalog: Catalog): LibraryIndex {
  let index = built.get(catalog);
  if (!index) {
    index = buildLibraryIndex(catalog);
    built.set(catalog, index);
  }
  return index;
}
