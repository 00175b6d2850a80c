/**
 * Keeps the client in step with the server without any screen wiring it: every answered lesson
 * completion refreshes the cached figures, sends `unlock_tutorial` and plays the
 * achievement sound; the browser's time zone goes to the server on load; lessons queued offline
 * raise a notification while the connection is gone (once it is back, hooks/use-auto-sync.ts
 * sends them and says so).
 */
import type { CompletionResult } from "@lumen/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { track } from "../../../analytics/track.ts";
import { useNotifications } from "../../../notifications/notification-provider.tsx";
import { useSound } from "../../../notifications/sound-provider.tsx";
import { useAuth } from "../../auth/components/auth-provider.tsx";
import { getTimeZoneFollowsDevice } from "../../profile/lib/time-zone-preference.ts";
import { type CompleteLessonInput, onLessonCompleted } from "../lib/complete-lesson.ts";
import { onQueueChange, pendingFor, progressQueueStore } from "../lib/offline-queue.ts";
import { browserTimeZone, progressApi } from "../lib/progress-api.ts";
import { progressKeys, useProgress } from "../lib/queries.ts";
import { SYNC_NOTIFICATION_ID } from "../lib/sync-notice.ts";

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
    // A zone the learner chose on the profile page (on any device: the account's settings come
    // first) stays until they let it follow the device again.
    void (async () => {
      // The settings' code loads with the shell's idle services; wait for it here.
      const { whenSettingsApplied } = await import("../../profile/lib/settings-sync.ts");
      await whenSettingsApplied();
      if (!getTimeZoneFollowsDevice()) return;
      try {
        client.setQueryData(progressKeys.summary(), await progressApi.setTimeZone(zone));
      } catch {
        // The next load tries again; the completion itself also carries the zone.
        zoneSent.current = false;
      }
    })();
  }, [progress.data, client]);

  useEffect(() => {
    if (status !== "signedIn") return;
    const store = progressQueueStore();
    let asked = 0;
    const check = async () => {
      // Only the latest check speaks: an earlier one may finish after it.
      const mine = ++asked;
      const pending = await pendingFor(store, userId).catch(() => []);
      if (mine !== asked) return;
      if (pending.length === 0) {
        dismissNotification(SYNC_NOTIFICATION_ID);
        return;
      }
      // Online, hooks/use-auto-sync.ts sends them and says what happened (or what still waits).
      if (navigator.onLine) return;
      addNotification({
        id: SYNC_NOTIFICATION_ID,
        forRoute: "*",
        title: `Saved offline: ${pending.length === 1 ? "1 lesson" : `${pending.length} lessons`}`,
        body: "Keep going. Your progress syncs when you're back online.",
        tone: "info",
      });
    };
    void check();
    const stop = onQueueChange(() => void check());
    addEventListener("offline", check);
    return () => {
      stop();
      removeEventListener("offline", check);
    };
  }, [status, userId, addNotification, dismissNotification]);

  return null;
}
