/**
 * /web/syncProgress?trackId&tutorialId&chapterId&sectionIndex (issue 7): sends the lessons
 * finished offline with POST /v1/progress/sync, shows what synced, then continues.
 */
import type { SyncResult } from "@lumen/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { Button, Card } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { CheckIcon, CloudIcon } from "./components/icons.tsx";
import { HrefLink, Problem } from "./components/parts.tsx";
import { progressQueueStore } from "./lib/offline-queue.ts";
import { progressApi } from "./lib/progress-api.ts";
import { progressKeys } from "./lib/queries.ts";
import { type SyncOutcome, syncQueuedProgress } from "./lib/sync-queue.ts";

const route = getRouteApi("/web/syncProgress");

type State = { phase: "syncing" } | { phase: "done"; outcome: SyncOutcome };

function ResultRow({ result, index }: { result: SyncResult["results"][number]; index: number }) {
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
          <span className="block font-medium">Lesson {index + 1}</span>
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
  const client = useQueryClient();
  const [state, setState] = useState<State>({ phase: "syncing" });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    // Strict mode runs effects twice; one sync per attempt is what the learner asked for.
    if (started.current === attempt) return;
    started.current = attempt;
    setState({ phase: "syncing" });
    void syncQueuedProgress({
      store: progressQueueStore(),
      ownerId: user?.id ?? null,
      send: progressApi.sync,
    }).then((outcome) => {
      if (outcome.progress) client.setQueryData(progressKeys.summary(), outcome.progress);
      void client.invalidateQueries({ queryKey: progressKeys.all });
      setState({ phase: "done", outcome });
    });
  }, [attempt, user?.id, client]);

  const continueHref =
    search.trackId !== undefined &&
    search.tutorialId !== undefined &&
    search.chapterId !== undefined
      ? `/web/track/${search.trackId}/tutorial/${search.tutorialId}/chapter/${search.chapterId}/learn`
      : search.trackId !== undefined
        ? `/web/${search.trackId}/section/${search.sectionIndex ?? 0}`
        : "/web/redirect-to-active-section";

  if (state.phase === "syncing") {
    return (
      <Card
        asChild
        padding="none"
        className="mx-auto flex max-w-xl flex-col items-center gap-4 px-5 py-12 text-center"
      >
        <section>
          <CloudIcon className="h-14 w-14 text-sky-500 motion-safe:animate-pulse" />
          <h1 className="text-2xl font-extrabold tracking-tight">Syncing your progress</h1>
          <p role="status" className="text-slate-600 dark:text-slate-400">
            Sending the lessons you finished offline…
          </p>
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
          <h1 className="text-2xl font-extrabold tracking-tight">
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
              <ResultRow key={r.clientEventId} result={r} index={i} />
            ))}
          </ul>
        ) : null}
        {outcome.error ? <Problem error={outcome.error} /> : null}
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button asChild variant="brand" size="lg" className="sm:flex-1">
            <HrefLink href={continueHref}>Continue</HrefLink>
          </Button>
          {outcome.remaining > 0 ? (
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              Try again ({outcome.remaining} waiting)
            </Button>
          ) : null}
        </div>
      </section>
    </Card>
  );
}
