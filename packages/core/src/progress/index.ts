/** Progress rules (issue 7): XP, coins, streaks in local dates, offline sync and the learning path. */
export * from "./learner-stats.ts";
export * from "./learning-path.ts";
export * from "./local-date.ts";
export * from "./rewards.ts";
export * from "./streak.ts";
export * from "./sync-window.ts";
