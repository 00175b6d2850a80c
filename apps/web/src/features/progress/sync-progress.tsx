/**
 * /web/syncProgress?trackId&tutorialId&chapterId&sectionIndex (issues 7 and 13): sends the
 * lessons finished offline with POST /v1/progress/sync, shows what synced, then continues.
 * Offline, it says how many lessons wait on this device and sends them by itself when the
 * connection returns; "Sync now" tries at once. The sync is single-flight (lib/sync-queue.ts):
 * the background sync (hooks/use-auto-sync.ts) and this screen share one run and its outcome.
 */
import type { SyncResult } from "@lumen/contracts";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "../../lib/api-error.ts";
import { chapterQuery } from "../../lib/queries.ts";
import { Button, Card } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { CheckIcon, CloudIcon } from "./components/icons.tsx";
import { HrefLink, Problem } from "./components/parts.tsx";
import { isNetworkFailure } from "./lib/complete-lesson.ts";
import {
  onQueueChange,
  pendingFor,
  progressQueueStore,
  type QueuedCompletion,
} from "./lib/offline-queue.ts";
import { progressApi } from "./lib/progress-api.ts";
import { progressKeys } from "./lib/queries.ts";
import { type SyncOutcome, syncQueuedProgress } from "./lib/sync-queue.ts";

const route = getRouteApi("/web/syncProgress");

type State =
  | { phase: "reading" }
  /** Offline (or the connection dropped before anything went): `count` lessons wait. */
  | { phase: "waiting"; count: number }
  | { phase: "syncing" }
  /** `titles`: each sent event's lesson title, where this page knows its chapter. */
  | { phase: "done"; outcome: SyncOutcome; titles: ReadonlyMap<string, string> };

/** Focused when a new state replaces the pressed button: a target, not a control, so no ring. */
const HEADING = "text-2xl font-extrabold tracking-tight outline-none!";

const lessons = (n: number) => (n === 1 ? "1 lesson" : `${n} lessons`);

/** The titles of the queued events' lessons, from the chapters this page has loaded. */
function lessonTitles(client: QueryClient, events: QueuedCompletion[]): Map<string, string> {
  const titles = new Map<string, string>();
  for (const event of events) {
    const chapter = client.getQueryData(
      chapterQuery({
        trackId: event.trackId,
        tutorialId: event.tutorialId,
        chapterId: event.chapterId,
      }).queryKey,
    );
    const title = chapter?.lessons.find((lesson) => lesson.id === event.lessonId)?.title;
    if (title) titles.set(event.clientEventId, title);
  }
  return titles;
}

/** How long a sync that got no answer, with the connection on, waits before trying again. */
const RETRY_WHILE_ONLINE_MS = 15_000;

const NOTHING: SyncOutcome = { results: [], progress: null, remaining: 0, error: null };

/** Whether a sync failed for want of a connection, rather than being refused. */
const lostConnection = (error: unknown) =>
  !navigator.onLine || isNetworkFailure(error) || isApiError(error, "auth/network-request-failed");

function ResultRow({
  result,
  index,
  title,
}: {
  result: SyncResult["results"][number];
  index: number;
  title: string | undefined;
}) {
  let note = "Already counted";
  // The server refused the event for good (its checks failed, or it was not a valid completion).
  if (result.rejected) note = `Not counted: ${result.rejected}`;
  else if (result.counted)
    note = result.countsForStreak
      ? "Counts for your streak"
      : "XP only: finished over 48 hours ago";
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <span className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className={`flex h-8 w-8 items-center justify-center rounded-full text-sm ${result.counted ? "bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300" : "bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400"}`}
        >
          {result.counted ? "✓" : result.rejected ? "✕" : "="}
        </span>
        <span>
          <span className="block font-medium">{title ?? `Lesson ${index + 1}`}</span>
          <span className="text-sm text-slate-600 dark:text-slate-400">{note}</span>
        </span>
      </span>
      <span className="font-bold tabular-nums text-indigo-600 dark:text-indigo-400">
        +{result.xpEarned} XP
      </span>
    </li>
  );
}

export function SyncProgress() {
  const search = route.useSearch();
  const { user } = useAuth();
  const ownerId = user?.id ?? null;
  const client = useQueryClient();
  const [state, setState] = useState<State>({ phase: "reading" });
  const latest = useRef(state);
  latest.current = state;
  const mounted = useRef(true);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstPhase = useRef(true);

  // A new state replaces the button that was pressed: focus goes to its heading, not the body.
  useEffect(() => {
    if (firstPhase.current) {
      firstPhase.current = false;
      return;
    }
    if (document.activeElement === document.body || document.activeElement === null) {
      heading.current?.focus();
    }
  }, [state.phase]);

  const sync = useCallback(async () => {
    setState({ phase: "syncing" });
    const store = progressQueueStore();
    // Read before sending: what the server takes leaves the queue.
    const titles = lessonTitles(client, await pendingFor(store, ownerId).catch(() => []));
    const outcome = await syncQueuedProgress({
      store,
      ownerId,
      send: progressApi.sync,
    });
    if (!mounted.current) return;
    if (outcome.progress) client.setQueryData(progressKeys.summary(), outcome.progress);
    if (outcome.results.length > 0) void client.invalidateQueries({ queryKey: progressKeys.all });
    // Nothing went, for want of a connection: still waiting, and the connection's return retries.
    if (outcome.results.length === 0 && outcome.remaining > 0 && lostConnection(outcome.error)) {
      setState({ phase: "waiting", count: outcome.remaining });
    } else {
      setState({ phase: "done", outcome, titles });
    }
  }, [ownerId, client]);

  // Opening the screen: online, send what waits; offline, say how much waits.
  useEffect(() => {
    mounted.current = true;
    if (navigator.onLine) void sync();
    else {
      void pendingFor(progressQueueStore(), ownerId)
        .catch(() => [])
        .then((pending) => {
          if (!mounted.current) return;
          setState(
            pending.length > 0
              ? { phase: "waiting", count: pending.length }
              : { phase: "done", outcome: NOTHING, titles: new Map() },
          );
        });
    }
    return () => {
      mounted.current = false;
    };
  }, [sync, ownerId]);

  // The connection is on but the last try got no answer: try again a little later by itself.
  useEffect(() => {
    if (state.phase !== "waiting" || !navigator.onLine) return;
    const timer = setTimeout(() => void sync(), RETRY_WHILE_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [state, sync]);

  // Back online: send by itself. While waiting, the count follows the queue.
  useEffect(() => {
    const online = () => {
      const now = latest.current;
      if (now.phase === "waiting" || (now.phase === "done" && now.outcome.remaining > 0)) {
        void sync();
      }
    };
    const recount = () => {
      if (latest.current.phase !== "waiting") return;
      void pendingFor(progressQueueStore(), ownerId)
        .catch(() => [])
        .then((pending) => {
          if (!mounted.current || latest.current.phase !== "waiting") return;
          // Emptied by the background sync: asking joins it (or finds nothing left to send).
          if (pending.length === 0) void sync();
          else setState({ phase: "waiting", count: pending.length });
        });
    };
    addEventListener("online", online);
    const stop = onQueueChange(recount);
    return () => {
      removeEventListener("online", online);
      stop();
    };
  }, [sync, ownerId]);

  const continueHref =
    search.trackId !== undefined &&
    search.tutorialId !== undefined &&
    search.chapterId !== undefined
      ? `/web/track/${search.trackId}/tutorial/${search.tutorialId}/chapter/${search.chapterId}/learn`
      : search.trackId !== undefined
        ? `/web/${search.trackId}/section/${search.sectionIndex ?? 0}`
        : "/web/redirect-to-active-section";

  if (state.phase === "reading" || state.phase === "syncing") {
    return (
      <Card
        asChild
        padding="none"
        className="mx-auto flex max-w-xl flex-col items-center gap-4 px-5 py-12 text-center"
      >
        <section>
          <CloudIcon className="h-14 w-14 text-sky-500 motion-safe:animate-pulse" />
          <h1 ref={heading} tabIndex={-1} className={HEADING}>
            Syncing your progress
          </h1>
          <p role="status" className="text-slate-600 dark:text-slate-400">
            {state.phase === "reading"
              ? "Looking for lessons finished offline…"
              : "Sending the lessons you finished offline…"}
          </p>
        </section>
      </Card>
    );
  }

  if (state.phase === "waiting") {
    return (
      <Card asChild padding="none" className="mx-auto flex max-w-xl flex-col gap-5 px-6 py-8">
        <section data-testid="sync-waiting">
          <div className="flex flex-col items-center gap-2 text-center">
            <span
              aria-hidden="true"
              className="flex h-16 w-16 items-center justify-center rounded-full bg-amber-100 text-amber-600 dark:bg-amber-950 dark:text-amber-300"
            >
              <CloudIcon className="h-9 w-9" />
            </span>
            <h1 ref={heading} tabIndex={-1} className={HEADING}>
              Your progress is safe on this device
            </h1>
            <p role="status" className="font-semibold text-slate-800 dark:text-slate-200">
              {lessons(state.count)} waiting to sync
            </p>
            <p className="text-slate-600 dark:text-slate-400">
              {navigator.onLine
                ? "The connection dropped before they were sent."
                : "You're offline."}{" "}
              They sync by themselves as soon as you're back online. Keep learning meanwhile.
            </p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button asChild variant="brand" size="lg" className="sm:flex-1">
              <HrefLink href={continueHref}>Continue</HrefLink>
            </Button>
            <Button variant="secondary" size="lg" onClick={() => void sync()}>
              Sync now
            </Button>
          </div>
        </section>
      </Card>
    );
  }

  const { outcome } = state;
  const earned = outcome.results.reduce((sum, r) => sum + r.xpEarned, 0);
  const nothing = outcome.results.length === 0 && outcome.remaining === 0;
  return (
    <Card asChild padding="none" className="mx-auto flex max-w-xl flex-col gap-5 px-6 py-8">
      <section>
        <div className="flex flex-col items-center gap-2 text-center">
          <span
            aria-hidden="true"
            className={`flex h-16 w-16 items-center justify-center rounded-full ${outcome.remaining > 0 ? "bg-amber-100 text-amber-600 dark:bg-amber-950 dark:text-amber-300" : "bg-emerald-100 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-300"}`}
          >
            {outcome.remaining > 0 ? (
              <CloudIcon className="h-9 w-9" />
            ) : (
              <CheckIcon className="h-9 w-9" />
            )}
          </span>
          <h1 ref={heading} tabIndex={-1} className={HEADING}>
            {nothing
              ? "Everything is up to date"
              : outcome.remaining > 0
                ? "Some progress is still waiting"
                : "Your progress is synced"}
          </h1>
          {!nothing ? (
            <p role="status" className="text-slate-600 dark:text-slate-400">
              {outcome.results.length} lesson{outcome.results.length === 1 ? "" : "s"} synced · +
              {earned} XP
              {outcome.progress ? ` · ${outcome.progress.today.xp} XP today` : ""}
            </p>
          ) : (
            <p className="text-slate-600 dark:text-slate-400">
              Nothing was waiting on this device.
            </p>
          )}
        </div>
        {outcome.results.length > 0 ? (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {outcome.results.map((r, i) => (
              <ResultRow
                key={r.clientEventId}
                result={r}
                index={i}
                title={state.titles.get(r.clientEventId)}
              />
            ))}
          </ul>
        ) : null}
        {outcome.error ? <Problem error={outcome.error} /> : null}
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button asChild variant="brand" size="lg" className="sm:flex-1">
            <HrefLink href={continueHref}>Continue</HrefLink>
          </Button>
          {outcome.remaining > 0 ? (
            <Button variant="secondary" size="lg" onClick={() => void sync()}>
              Try again ({outcome.remaining} waiting)
            </Button>
          ) : null}
        </div>
      </section>
    </Card>
  );
}
