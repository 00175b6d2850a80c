/**
 * Sends what waits in this device's progress queue without the learner asking (issue 13): a
 * guest's finished lessons when they sign up or sign in, and lessons finished offline when the
 * connection returns. While a learner is signed in and online, it syncs on sign-in, on the
 * window's `online` event and whenever the queue changes, through the single-flight
 * syncQueuedProgress (so the sync screen's button and this never send an event twice), then
 * says what happened in a notification ("3 lessons synced · +20 XP"). A sync that failed waits
 * for the connection to return or a retry a little later, and says how many lessons wait.
 * The guest's code becomes the account's at the same moment (lesson/lib/guest-drafts.ts).
 *
 * Whose events: the learner's own and a guest's (made signed out on this browser), which go to
 * the first account that signs in here; another account's events are never sent. The server
 * counts a lesson once per learner, so an event for a lesson the account already finished (or a
 * replay) is answered "already counted" and earns nothing.
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNotifications } from "../../../notifications/notification-provider.tsx";
import { useAuth } from "../../auth/components/auth-provider.tsx";
import { adoptGuestWork, hasGuestWork } from "../../lesson/lib/guest-drafts.ts";
import { onQueueChange, pendingFor, progressQueueStore } from "../lib/offline-queue.ts";
import { progressApi } from "../lib/progress-api.ts";
import { progressKeys } from "../lib/queries.ts";
import { markSynced, SYNC_NOTIFICATION_ID, syncNotice } from "../lib/sync-notice.ts";
import { syncQueuedProgress } from "../lib/sync-queue.ts";

/** After a failed sync, the next try comes this long later, unless the connection returns first. */
export const RETRY_AFTER_ERROR_MS = 30_000;
/** Events the server deferred (its checks were busy) are sent again this long later. */
export const RETRY_DEFERRED_MS = 10_000;

export function useAutoSync(): void {
  const { status, user } = useAuth();
  const userId = status === "signedIn" ? (user?.id ?? null) : null;
  const client = useQueryClient();
  const { addNotification, dismissNotification } = useNotifications();

  useEffect(() => {
    if (!userId) return;
    const store = progressQueueStore();
    let live = true;
    // After a failed or partial sync, the queue's own changes do not start another at once.
    let held = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    if (hasGuestWork()) {
      void adoptGuestWork(userId)
        .then((adoption) => adoption.uploaded)
        .then((uploaded) => {
          // The account's saved files (lib/queries.ts savedFilesKey) now hold the guest's code.
          if (uploaded.length > 0) {
            void client.invalidateQueries({ queryKey: ["savedFiles", userId] });
          }
        })
        .catch((error: unknown) => console.warn("A guest's code was not moved over.", error));
    }

    const run = async () => {
      if (!live || held || !navigator.onLine) return;
      const pending = await pendingFor(store, userId).catch(() => []);
      if (!live || held || pending.length === 0) return;
      const outcome = await syncQueuedProgress({
        store,
        ownerId: userId,
        send: progressApi.sync,
      });
      if (!live) return;
      if (outcome.progress) client.setQueryData(progressKeys.summary(), outcome.progress);
      if (outcome.results.length > 0) {
        markSynced(client, pending, outcome.results);
        void client.invalidateQueries({ queryKey: progressKeys.all });
      }
      const notice = syncNotice(outcome);
      // The sync screen shows the same outcome itself.
      if (notice && location.pathname !== "/web/syncProgress") {
        if (notice.id !== SYNC_NOTIFICATION_ID) dismissNotification(SYNC_NOTIFICATION_ID);
        addNotification(notice);
      }
      if (outcome.remaining > 0) {
        held = true;
        retry = setTimeout(
          () => {
            held = false;
            void run();
          },
          outcome.error ? RETRY_AFTER_ERROR_MS : RETRY_DEFERRED_MS,
        );
      }
    };

    void run();
    const stop = onQueueChange(() => void run());
    const online = () => {
      held = false;
      clearTimeout(retry);
      void run();
    };
    addEventListener("online", online);
    return () => {
      live = false;
      clearTimeout(retry);
      stop();
      removeEventListener("online", online);
    };
  }, [userId, client, addNotification, dismissNotification]);
}

/**
 * The cached progress answers name no learner: when another learner signs in on this tab (or
 * the learner signs out), they are dropped, so that no screen draws the previous learner's bar.
 */
export function useForgetPreviousLearner(): void {
  const { status, user } = useAuth();
  const client = useQueryClient();
  const userId = status === "signedIn" ? (user?.id ?? null) : null;
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (status === "initializing") return;
    if (previous.current !== undefined && previous.current !== userId) {
      // Removed, not refetched: a screen asks again for what it still shows, if it may.
      forgetProgress(client);
    }
    previous.current = userId;
  }, [status, userId, client]);
}

/**
 * Drops the cached progress answers. One still on its way is let land first, then dropped:
 * removing it mid-flight cancels it, and whoever awaits it (a loader, a prefetch) would get an
 * unhandled CancelledError.
 */
function forgetProgress(client: QueryClient): void {
  const cache = client.getQueryCache();
  const filters = { queryKey: progressKeys.all };
  const busy = new Set(
    cache
      .findAll(filters)
      .filter((q) => q.state.fetchStatus !== "idle")
      .map((q) => q.queryHash),
  );
  client.removeQueries({ ...filters, predicate: (q) => !busy.has(q.queryHash) });
  if (busy.size === 0) return;
  const unsubscribe = cache.subscribe(() => {
    queueMicrotask(() => {
      for (const query of cache.findAll(filters)) {
        if (!busy.has(query.queryHash) || query.state.fetchStatus !== "idle") continue;
        busy.delete(query.queryHash);
        cache.remove(query);
      }
      if (busy.size === 0) unsubscribe();
    });
  });
}

/** Mounted once among the app's providers (notifications/learner-providers.tsx). */
export function AutoSync(): null {
  useForgetPreviousLearner();
  useAutoSync();
  return null;
}
