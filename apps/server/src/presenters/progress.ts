/** Shapes progress rows into the API's Progress answer (packages/contracts/src/progress.ts). */
import type { Progress } from "@lumen/contracts";
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
