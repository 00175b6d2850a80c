/**
 * The profile's figures (issue 13), from the learner's days: XP per week, and the streaks they
 * have had. Weeks run Monday to Sunday in the learner's own calendar, like their streak days.
 */
import { addDays, daysBetween } from "./local-date.ts";
import { type StreakDay, streakRuns } from "./streak.ts";

/** The Monday of the week `date` is in. */
export function weekStart(date: string): string {
  // 1970-01-05 was a Monday: whole weeks from it land on Mondays.
  const offset = ((daysBetween("1970-01-05", date) % 7) + 7) % 7;
  return addDays(date, -offset);
}

/** XP in each of the `weeks` weeks up to and including `today`'s, the oldest first. */
export function weeklyXp(
  days: ReadonlyArray<{ date: string; xp: number }>,
  today: string,
  weeks: number,
): Array<{ weekStart: string; xp: number }> {
  const last = weekStart(today);
  const result = Array.from({ length: weeks }, (_, i) => ({
    weekStart: addDays(last, -7 * (weeks - 1 - i)),
    xp: 0,
  }));
  const index = new Map(result.map((week, i) => [week.weekStart, i]));
  for (const day of days) {
    if (day.date > today) continue;
    const at = index.get(weekStart(day.date));
    if (at !== undefined) (result[at] as { xp: number }).xp += day.xp;
  }
  return result;
}

/** Streaks of two days or more, the latest first, at most `limit` of them. */
export function streakHistory(
  days: readonly StreakDay[],
  today: string,
  limit = 10,
): Array<{ start: string; end: string; days: number }> {
  return streakRuns(days.filter((d) => d.date <= today))
    .filter((run) => run.days >= 2)
    .reverse()
    .slice(0, limit);
}
