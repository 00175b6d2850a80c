/**
 * Keeps the client in step with the server without any screen wiring it: every answered lesson
 * completion refreshes the cached figures, sends `unlock_tutorial` and plays the
 * achievement sound; the browser's time zone goes to the server on load; lessons queued offline
 * raise a notification that leads to /web/syncProgress once the connection is back.
 */
import type { CompletionResult } from "@lumen/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { track } from "../../../analytics/track.ts";
import { useNotifications } from "../../../notifications/notification-provider.tsx";
import { useSound } from "../../../notifications/sound-provider.tsx";
import { useAuth } from "../../auth/components/auth-provider.tsx";
import { type CompleteLessonInput, onLessonCompleted } from "../lib/complete-lesson.ts";
import { onQueueChange, pendingFor, progressQueueStore } from "../lib/offline-queue.ts";
import { browserTimeZone, progressApi } from "../lib/progress-api.ts";
import { progressKeys, useProgress } from "../lib/queries.ts";

export const SYNC_NOTIFICATION_ID = "offline-progress";

/** Whether a completion deserves the achievement sound. */
export function isAchievement(result: CompletionResult): boolean {
  return (
    result.counted &&
    (result.streakIncreased ||
      result.milestone !== null ||
      result.chapterFinished ||
      result.tutorialFinished)
  );
}

/**
 * The analytics event a counted completion sends here: `unlock_tutorial`, which only the server's
 * answer can know. The lesson screen sends `finish_lesson`, `finish_chapter` and `finish_tutorial`.
 */
export function unlockEvent(result: CompletionResult, input: CompleteLessonInput) {
  if (!result.counted || result.unlockedTutorialId === null) return undefined;
  return { trackId: input.trackId, tutorialId: result.unlockedTutorialId };
}

export function ProgressBridge() {
  const { status, user } = useAuth();
  const userId = user?.id ?? null;
  const client = useQueryClient();
  const { playAchievement } = useSound();
  const { addNotification, dismissNotification } = useNotifications();
  const progress = useProgress();

  useEffect(
    () =>
      onLessonCompleted((result, input) => {
        client.setQueryData(progressKeys.summary(), result.progress);
        void client.invalidateQueries({ queryKey: progressKeys.track(input.trackId) });
        void client.invalidateQueries({ queryKey: progressKeys.activeSection(input.trackId) });
        void client.invalidateQueries({ queryKey: progressKeys.calendars() });
        const unlocked = unlockEvent(result, input);
        if (unlocked) track("unlock_tutorial", unlocked);
        if (result.milestone) {
          addNotification({
            id: "streak-milestone",
            forRoute: "*",
            title: result.milestone,
            tone: "celebrate",
          });
        }
        if (isAchievement(result)) playAchievement();
      }),
    [client, playAchievement, addNotification],
  );

  // The learner's days are counted in the zone they are in now: tell the server when it moved.
  const zoneSent = useRef(false);
  useEffect(() => {
    if (zoneSent.current || !progress.data) return;
    zoneSent.current = true;
    const zone = browserTimeZone();
    if (progress.data.timeZone === zone) return;
    progressApi
      .setTimeZone(zone)
      .then((fresh) => client.setQueryData(progressKeys.summary(), fresh))
      .catch(() => {
        // The next load tries again; the completion itself also carries the zone.
        zoneSent.current = false;
      });
  }, [progress.data, client]);

  useEffect(() => {
    if (status !== "signedIn") return;
    const store = progressQueueStore();
    const check = async () => {
      const pending = await pendingFor(store, userId);
      if (pending.length === 0) {
        dismissNotification(SYNC_NOTIFICATION_ID);
        return;
      }
      const lessons = pending.length === 1 ? "1 lesson" : `${pending.length} lessons`;
      addNotification(
        navigator.onLine
          ? {
              id: SYNC_NOTIFICATION_ID,
              forRoute: "*",
              title: `You're back online: ${lessons} to sync`,
              body: "What you finished offline is saved on this device.",
              tone: "info",
              href: "/web/syncProgress",
              linkLabel: "Sync now",
            }
          : {
              id: SYNC_NOTIFICATION_ID,
              forRoute: "*",
              title: `Saved offline: ${lessons}`,
              body: "Keep going. Your progress syncs when you're back online.",
              tone: "info",
            },
      );
    };
    void check();
    const stop = onQueueChange(() => void check());
    addEventListener("online", check);
    addEventListener("offline", check);
    return () => {
      stop();
      removeEventListener("online", check);
      removeEventListener("offline", check);
    };
  }, [status, userId, addNotification, dismissNotification]);

  return null;
}
