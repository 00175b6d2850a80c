/**
 * /web/library (issue 17): every track, tutorial and chapter with the learner's progress, and a
 * search over titles, descriptions and lesson text. What is typed goes into the `q` search param
 * a moment after typing stops (debounced), the filters at once; the server answers both views.
 */
import type { CodeLanguage, LibraryAnswer, LibrarySearchAnswer } from "@lumen/contracts";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { Alert, Button, Spinner, textLinkClasses } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { libraryQuery, librarySearchQuery } from "./api/library-client.ts";
import { AppLink } from "./components/app-link.tsx";
import { LibraryFilters } from "./components/library-filters.tsx";
import { SearchResults } from "./components/search-results.tsx";
import { TrackCard } from "./components/track-card.tsx";
import { useDebouncedValue } from "./hooks/use-debounced-value.ts";
import { resultsText } from "./lib/library-labels.ts";
import type { LibrarySearch } from "./search.ts";

const TYPING_PAUSE_MS = 250;
const SIGN_IN = `/web/login?redirectUrl=${encodeURIComponent("/web/library")}`;

export function LibraryPage() {
  const search = useSearch({ from: "/web/library" });
  const navigate = useNavigate({ from: "/web/library" });
  const { user, status } = useAuth();
  const userId = status === "initializing" ? null : (user?.id ?? null);
  const filters = { language: search.language, level: search.level };

  const [text, setText] = useState(search.q ?? "");
  const typed = useDebouncedValue(text, TYPING_PAUSE_MS);
  // The URL follows what was typed once typing pauses; back and forward bring the words back.
  useEffect(() => {
    const q = typed.trim() ? typed : undefined;
    if (q !== search.q)
      void navigate({ search: (prev: LibrarySearch) => ({ ...prev, q }), replace: true });
  }, [typed, search.q, navigate]);
  useEffect(() => {
    setText((current) => (current.trim() === (search.q ?? "").trim() ? current : (search.q ?? "")));
  }, [search.q]);

  const setFilter = (next: Partial<LibrarySearch>) =>
    void navigate({ search: (prev: LibrarySearch) => ({ ...prev, ...next }), replace: true });

  const q = (search.q ?? "").trim();
  // Nothing is asked before the session is known: a guest's answer would show no progress.
  const ready = status !== "initializing";
  const everything = useQuery({ ...libraryQuery(userId, {}), enabled: ready });
  const browse = useQuery({ ...libraryQuery(userId, filters), enabled: ready && !q });
  const results = useQuery({ ...librarySearchQuery(userId, q, filters), enabled: ready && !!q });
  const languages = useMemo(
    () => [...new Set(everything.data?.tracks.map((t) => t.language) ?? [])] as CodeLanguage[],
    [everything.data],
  );
  const searching = q.length > 0;
  const filtered = Boolean(search.language || search.level);

  return (
    <section aria-labelledby="library-title" className="mx-auto max-w-4xl py-6 sm:py-10">
      <h1 id="library-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        Library
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Every track, tutorial and chapter. Search the lessons’ words, or browse by language and
        level.
      </p>
      <div className="mt-6">
        <LibraryFilters
          text={text}
          onText={setText}
          language={search.language}
          onLanguage={(language) => setFilter({ language })}
          languages={languages.length ? languages : search.language ? [search.language] : []}
          level={search.level}
          onLevel={(level) => setFilter({ level })}
        />
      </div>

      <div className="mt-6" aria-busy={searching ? results.isFetching : browse.isFetching}>
        {searching ? (
          <SearchView query={results} q={q} />
        ) : (
          <BrowseView
            query={browse}
            filtered={filtered}
            onClear={() => setFilter({ language: undefined, level: undefined })}
          />
        )}
      </div>
    </section>
  );
}

function SearchView({ query, q }: { query: UseQueryResult<LibrarySearchAnswer>; q: string }) {
  if (query.isError) return <Problem error={query.error} />;
  if (!query.data) return <Loading>Searching…</Loading>;
  const { hits, total } = query.data;
  return (
    <div>
      <p role="status" className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {resultsText(total, hits.length, query.data.q || q)}
      </p>
      {hits.length ? (
        <SearchResults hits={hits} />
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          Nothing matches these words. Try fewer words, another spelling, or remove a filter.
        </p>
      )}
    </div>
  );
}

function BrowseView({
  query,
  filtered,
  onClear,
}: {
  query: UseQueryResult<LibraryAnswer>;
  filtered: boolean;
  onClear: () => void;
}) {
  if (query.isError) return <Problem error={query.error} />;
  if (!query.data) return <Loading>Loading the library…</Loading>;
  if (!query.data.tracks.length)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
        <p role="status">
          {filtered ? "No tutorial matches these filters." : "The library is empty for now."}
        </p>
        {filtered ? (
          <Button size="sm" className="mt-3" onClick={onClear}>
            Show everything
          </Button>
        ) : null}
      </div>
    );
  return (
    <div className="space-y-6">
      {query.data.signedIn ? null : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <AppLink href={SIGN_IN} className={textLinkClasses}>
            Sign in
          </AppLink>{" "}
          to see your progress here.
        </p>
      )}
      {query.data.tracks.map((track) => (
        <TrackCard key={track.id} track={track} />
      ))}
    </div>
  );
}

function Loading({ children }: { children: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      <Spinner /> {children}
    </p>
  );
}

function Problem({ error }: { error: Error }) {
  return (
    <Alert tone="danger" role="alert">
      {error.message}
    </Alert>
  );
}
