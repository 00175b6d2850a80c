/**
 * What the learner is told after a sync that no screen asked for (hooks/use-auto-sync.ts), and
 * how the cached track progress follows it at once (issue 13).
 */
import type { SyncResult } from "@lumen/contracts";
import type { QueryClient } from "@tanstack/react-query";
import type { NewNotification } from "../../../notifications/notification-cookie.ts";
import type { QueuedCompletion } from "./offline-queue.ts";
import { progressKeys } from "./queries.ts";
import type { SyncOutcome } from "./sync-queue.ts";

/** The notice of lessons waiting to sync (offline, or after a failed sync). */
export const SYNC_NOTIFICATION_ID = "offline-progress";
/** The notice of a sync's result. */
export const SYNCED_NOTIFICATION_ID = "progress-synced";

const lessons = (n: number) => (n === 1 ? "1 lesson" : `${n} lessons`);

/** What a sync's outcome tells the learner; nothing when nothing was sent or waits. */
export function syncNotice(outcome: SyncOutcome): NewNotification | undefined {
  const counted = outcome.results.filter((r) => r.counted);
  const already = outcome.results.filter((r) => !r.counted && !r.rejected);
  const refused = outcome.results.filter((r) => r.rejected);
  const synced = counted.length + already.length;
  const xp = counted.reduce((sum, r) => sum + r.xpEarned, 0);
  if (synced === 0 && refused.length === 0) {
    if (outcome.remaining === 0) return undefined;
    return {
      id: SYNC_NOTIFICATION_ID,
      forRoute: "*",
      title: `${lessons(outcome.remaining)} waiting to sync`,
      body: "They are kept on this device. We'll try again shortly, or you can sync now.",
      tone: "info",
      href: "/web/syncProgress",
      linkLabel: "Sync now",
    };
  }
  const parts: string[] = [];
  if (counted.length > 0) parts.push(`+${xp} XP`);
  if (already.length > 0) {
    parts.push(
      already.length === synced
        ? "already counted in your account"
        : `${already.length} already counted`,
    );
  }
  if (refused.length > 0) {
    parts.push(`${lessons(refused.length)} not counted: ${refused[0]?.rejected}`);
  }
  if (outcome.remaining > 0) parts.push(`${lessons(outcome.remaining)} still waiting`);
  if (outcome.progress) parts.push(`${outcome.progress.today.xp} XP today`);
  return {
    id: SYNCED_NOTIFICATION_ID,
    forRoute: "*",
    title: synced > 0 ? `${lessons(synced)} synced` : `${lessons(refused.length)} not counted`,
    body: parts.join(" · "),
    tone: synced > 0 ? "success" : "info",
  };
}

/**
 * The server has these lessons now: the cached track progress says so at once, so that the
 * lesson bar and the section do not drop them between the queue emptying and the refetch.
 */
export function markSynced(
  client: QueryClient,
  sent: QueuedCompletion[],
  results: SyncResult["results"],
): void {
  const took = new Set(results.filter((r) => !r.rejected).map((r) => r.clientEventId));
  for (const event of sent) {
    if (!took.has(event.clientEventId)) continue;
    client.setQueryData<{ completedLessonIds: number[] }>(
      progressKeys.track(event.trackId),
      (old) =>
        old && !old.completedLessonIds.includes(event.lessonId)
          ? { ...old, completedLessonIds: [...old.completedLessonIds, event.lessonId] }
          : old,
    );
  }
}
