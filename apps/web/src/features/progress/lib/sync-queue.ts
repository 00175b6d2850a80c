/**
 * Sends the offline queue (a learner's own events and a guest's) with POST /v1/progress/sync,
 * 200 events a call, oldest first. An event
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

export interface SyncOptions {
  store: QueueStore;
  ownerId: string | null;
  send: (events: ReturnType<typeof toSyncEvent>[]) => Promise<SyncResult>;
}

/** The sync running on each store, and whose. */
const running = new WeakMap<
  QueueStore,
  { ownerId: string | null; outcome: Promise<SyncOutcome> }
>();

/**
 * Sends the queue, single-flight: several triggers at once (signing in, the connection
 * returning, the sync screen's button) share the one sync already running for this learner
 * and its outcome, so no event is ever sent twice at the same time. A sync for another learner
 * waits for the running one to end first.
 */
export function syncQueuedProgress(options: SyncOptions): Promise<SyncOutcome> {
  const current = running.get(options.store);
  if (current && current.ownerId === options.ownerId) return current.outcome;
  const outcome = (current?.outcome ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => sendQueue(options));
  const entry = { ownerId: options.ownerId, outcome };
  running.set(options.store, entry);
  const done = () => {
    if (running.get(options.store) === entry) running.delete(options.store);
  };
  outcome.then(done, done);
  return outcome;
}

async function sendQueue(options: SyncOptions): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { results: [], progress: null, remaining: 0, error: null };
  let pending: Awaited<ReturnType<typeof pendingFor>>;
  try {
    pending = await pendingFor(options.store, options.ownerId);
  } catch (error) {
    // The device's store could not be read (blocked, or gone): nothing was sent.
    return { ...outcome, error };
  }
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
