/**
 * Offline progress (issue 7): completions are queued with the device's timestamp and synced later.
 * Recent ones count for the streak; older ones count for XP only, so a queue cannot be used to
 * rebuild a streak long after the days it claims.
 */

/** Completions synced within this long of finishing still count for the streak. */
export const STREAK_SYNC_WINDOW_MS = 48 * 3_600_000;

/**
 * When the completion happened, by the server's reckoning: the device's time, but never in the
 * future (a fast clock must not claim tomorrow's streak day).
 */
export function effectiveCompletedAt(claimed: Date | undefined, now: Date): Date {
  if (!claimed || claimed.getTime() > now.getTime()) return now;
  return claimed;
}

/** Whether a completion finished at `completedAt` counts for the streak when it arrives `now`. */
export function countsForStreak(completedAt: Date, now: Date): boolean {
  return now.getTime() - completedAt.getTime() <= STREAK_SYNC_WINDOW_MS;
}
