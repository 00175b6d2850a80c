/**
 * The lessons waiting in this device's queue for a learner (their own made offline, and a
 * guest's made before signing up), kept current as the queue changes: the lesson bar and the
 * section's counts show them finished before the server has them (issue 13).
 */
import { useEffect, useState } from "react";
import { onQueueChange, progressQueueStore, queuedLessonIds } from "../lib/offline-queue.ts";

/** The queued lesson ids; undefined until the device's queue has been read once. */
export function useQueuedLessons(ownerId: string | null): ReadonlySet<number> | undefined {
  const [ids, setIds] = useState<{ ownerId: string | null; ids: ReadonlySet<number> }>();
  useEffect(() => {
    let live = true;
    let asked = 0;
    const read = () => {
      // Only the latest read answers: an earlier one may finish after it.
      const mine = ++asked;
      queuedLessonIds(progressQueueStore(), ownerId)
        .catch(() => new Set<number>())
        .then((next) => {
          if (live && mine === asked) setIds({ ownerId, ids: next });
        });
    };
    read();
    const stop = onQueueChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [ownerId]);
  // Another learner's answer (from before a sign-in) is not this one's.
  return ids?.ownerId === ownerId ? ids.ids : undefined;
}
