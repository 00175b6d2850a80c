/** The library's search results: one link a hit, with where it sits, a snippet and its marks. */
import type { LibraryHit } from "@lumen/contracts";
import { Badge } from "../../../ui/index.ts";
import { KIND_LABELS, LEVEL_LABELS, languageLabel } from "../lib/library-labels.ts";
import { AppLink } from "./app-link.tsx";
import { LockIcon } from "./lock-icon.tsx";

export function SearchResults({ hits }: { hits: LibraryHit[] }) {
  return (
    <ol aria-label="Search results" className="space-y-2">
      {hits.map((hit) => (
        <li key={`${hit.kind}-${hit.id}`}>
          <AppLink
            href={hit.href}
            className="block rounded-xl border border-slate-200 bg-white p-4 transition hover:border-brand-400 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-600"
          >
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone="brand">{KIND_LABELS[hit.kind]}</Badge>
              <span className="font-semibold">{hit.title}</span>
              {hit.locked ? (
                <Badge tone="warning">
                  <LockIcon className="size-3" /> Needs a plan
                </Badge>
              ) : null}
            </span>
            {hit.kind !== "track" ? (
              <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                {hit.trail} · {languageLabel(hit.language)} · {LEVEL_LABELS[hit.level]}
              </span>
            ) : null}
            {hit.snippet && hit.snippet !== hit.title ? (
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">
                {hit.snippet}
              </span>
            ) : null}
          </AppLink>
        </li>
      ))}
    </ol>
  );
}
