/**
 * The library's search (GET /v1/library/search, issue 17): the published catalog's index asked
 * for the query with the filters, each hit marked locked when the caller may not open it (still
 * listed: the library shows what a plan unlocks) and linked to where it opens.
 */
import type { LibrarySearchAnswer } from "@lumen/contracts";
import type { Db } from "@lumen/db";
import type { PlanSettings } from "../../billing/effective-plan.ts";
import { type LessonCaller, opensAllLessons } from "../../billing/lesson-access.ts";
import type { CatalogStore } from "../../catalog/catalog-store.ts";
import { type LibraryFilters, libraryIndexFor } from "../../library/library-index.ts";

export interface SearchLibraryOptions {
  db: Db;
  catalog: CatalogStore;
  user: LessonCaller | undefined;
  q: string;
  filters: LibraryFilters;
  now: Date;
  env: PlanSettings;
}

export async function searchLibrary(options: SearchLibraryOptions): Promise<LibrarySearchAnswer> {
  const { total, matches } = libraryIndexFor(options.catalog.latest.catalog).search(
    options.q,
    options.filters,
  );
  const anyLocked = matches.some((m) => !m.doc.free);
  // The plan is read only when a hit needs it.
  const opensAll = anyLocked ? await opensAllLessons(options) : true;
  return {
    q: options.q,
    total,
    hits: matches.map(({ doc, score, snippet }) => ({
      kind: doc.kind,
      id: doc.refId,
      title: doc.title,
      trail: doc.trail,
      snippet,
      language: doc.language,
      level: doc.level,
      locked: !doc.free && !opensAll,
      href: doc.href,
      score: Math.round(score * 1000) / 1000,
    })),
  };
}
