/**
 * Shapes what the progress commands return into the API's answers (packages/contracts/src/
 * progress.ts): Progress, a completion's result and a sync's results.
 */
import type { CompletionResult, Progress, SyncResult } from "@lumen/contracts";
import type { CompleteLessonResult } from "../commands/complete-lesson.ts";
import type { SyncProgressResult } from "../commands/sync-progress.ts";
import type { ProgressSnapshot } from "../progress/learner-store.ts";

export function presentProgress(snapshot: ProgressSnapshot): Progress {
  return {
    today: { date: snapshot.today, xp: snapshot.todayXp },
    dailyGoal: { xp: snapshot.learner.dailyGoalXp },
    streak: {
      current: snapshot.streak.current,
      longest: snapshot.streak.longest,
      todayCounted: snapshot.streak.todayCounted,
      freezes: snapshot.learner.freezes,
    },
    coins: { balance: snapshot.balance },
    timeZone: snapshot.learner.timeZone,
  };
}

/** POST /v1/progress/lessons/{l}/complete: whether the day counts for the streak stays inside. */
export function presentCompletion({
  countsForStreak: _inside,
  progress,
  ...result
}: CompleteLessonResult): CompletionResult {
  return { ...result, progress: presentProgress(progress) };
}

/** POST /v1/progress/sync. */
export function presentSync({ progress, ...result }: SyncProgressResult): SyncResult {
  return { ...result, progress: presentProgress(progress) };
}
