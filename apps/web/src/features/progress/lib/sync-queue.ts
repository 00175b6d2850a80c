/**
 * Sends the offline queue with POST /v1/progress/sync, 200 events a call, oldest first. An event
 * leaves the queue only once the server has answered for it (counted or already counted), so a
 * lost connection halfway leaves the rest queued for next time, and a replay counts once.
 */
import type { Progress, SyncResult } from "@lumen/contracts";
import {
  batches,
  notifyQueueChange,
  pendingFor,
  type QueueStore,
  toSyncEvent,
} from "./offline-queue.ts";

export interface SyncOutcome {
  results: SyncResult["results"];
  /** The server's figures after the last batch; null when nothing was sent. */
  progress: Progress | null;
  /** Events still queued (a batch failed); 0 when everything went. */
  remaining: number;
  /** The error that stopped the sync, if one did. */
  error: unknown;
}

export async function syncQueuedProgress(options: {
  store: QueueStore;
  ownerId: string | null;
  send: (events: ReturnType<typeof toSyncEvent>[]) => Promise<SyncResult>;
}): Promise<SyncOutcome> {
  const pending = await pendingFor(options.store, options.ownerId);
  const outcome: SyncOutcome = { results: [], progress: null, remaining: 0, error: null };
  const groups = batches(pending);
  for (const [i, group] of groups.entries()) {
    try {
      const answer = await options.send(group.map(toSyncEvent));
      const answered = new Set(answer.results.map((r) => r.clientEventId));
      await options.store.remove(
        group.filter((e) => answered.has(e.clientEventId)).map((e) => e.clientEventId),
      );
      outcome.results.push(...answer.results);
      outcome.progress = answer.progress;
      outcome.remaining += group.filter((e) => !answered.has(e.clientEventId)).length;
    } catch (error) {
      outcome.error = error;
      outcome.remaining += groups.slice(i).reduce((sum, g) => sum + g.length, 0);
      break;
    }
  }
  if (pending.length > 0) notifyQueueChange();
  return outcome;
}
