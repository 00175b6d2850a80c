/**
 * Streaks (issue 7). A streak day is a local date, in the learner's own time zone at the time, on
 * which the daily goal was met. A freeze covers one missed day: it keeps the streak alive through
 * that day without adding to it. Travelling can make a calendar day almost vanish (flying east
 * over the date line); a missed stretch shorter than half a day is not held against the learner.
 */
import { addDays, daysBetween, startOfLocalDay } from "./local-date.ts";

export interface StreakDay {
  date: string;
  goalMet: boolean;
  frozen: boolean;
  /** The time zone the learner was in that day (of their last completion that day). */
  timeZone: string;
}

export interface StreakSummary {
  current: number;
  longest: number;
  /** Today's goal is met, so today is part of the current streak. */
  todayCounted: boolean;
  /** The first day of the current streak, or null when there is none. */
  currentStart: string | null;
}

/** A missed stretch shorter than this, in real time, does not break a streak. */
export const TRAVEL_GRACE_MS = 12 * 3_600_000;

interface Anchor {
  date: string;
  timeZone: string;
}

/** Whether the streak runs on from day `a` to day `b` (b later) with nothing missed between. */
export function daysLink(a: Anchor, b: Anchor): boolean {
  const gap = daysBetween(a.date, b.date);
  if (gap <= 1) return true;
  // The missed days lasted from the end of `a` in its zone to the start of `b` in its zone.
  const missedFrom = startOfLocalDay(addDays(a.date, 1), a.timeZone).getTime();
  const missedTo = startOfLocalDay(b.date, b.timeZone).getTime();
  return missedTo - missedFrom < TRAVEL_GRACE_MS;
}

interface Run {
  start: string;
  end: StreakDay;
  goalDays: number;
}

function runsOf(days: readonly StreakDay[]): Run[] {
  const linked = days
    .filter((d) => d.goalMet || d.frozen)
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const runs: Run[] = [];
  for (const day of linked) {
    const last = runs[runs.length - 1];
    if (last && daysLink(last.end, day)) {
      last.end = day;
      if (day.goalMet) last.goalDays += 1;
    } else {
      runs.push({ start: day.date, end: day, goalDays: day.goalMet ? 1 : 0 });
    }
  }
  return runs;
}

/** Every streak: its first and last day and how many days met the goal, the oldest first. */
export function streakRuns(
  days: readonly StreakDay[],
): Array<{ start: string; end: string; days: number }> {
  return runsOf(days)
    .filter((run) => run.goalDays > 0)
    .map((run) => ({ start: run.start, end: run.end.date, days: run.goalDays }));
}

/**
 * Current and longest streak as of `today` (a local date in `timeZone`, the learner's zone now).
 * A streak whose last day was yesterday is still current: today is not over yet.
 */
export function summarizeStreak(
  days: readonly StreakDay[],
  today: string,
  timeZone: string,
): StreakSummary {
  const past = days.filter((d) => d.date <= today);
  const runs = runsOf(past);
  const longest = runs.reduce((max, run) => Math.max(max, run.goalDays), 0);
  const last = runs[runs.length - 1];
  const todayCounted = past.some((d) => d.date === today && d.goalMet);
  const alive =
    last !== undefined &&
    last.goalDays > 0 &&
    (last.end.date === today || daysLink(last.end, { date: today, timeZone }));
  return {
    current: alive ? last.goalDays : 0,
    longest,
    todayCounted,
    currentStart: alive ? last.start : null,
  };
}

/**
 * The missed days that freezes should cover now, before `today`: all of the days missed since the
 * streak's last day when the learner owns enough freezes for every one of them, else none (a
 * streak that cannot be saved keeps its freezes for the next one).
 */
export function daysToFreeze(
  days: readonly StreakDay[],
  today: string,
  timeZone: string,
  freezesOwned: number,
): string[] {
  if (freezesOwned <= 0) return [];
  const runs = runsOf(days.filter((d) => d.date < today));
  const last = runs[runs.length - 1];
  if (!last || last.goalDays === 0) return [];
  if (daysLink(last.end, { date: today, timeZone })) return [];
  const missed = daysBetween(last.end.date, today) - 1;
  if (missed > freezesOwned) return [];
  return Array.from({ length: missed }, (_, i) => addDays(last.end.date, i + 1));
}

/** A frozen day whose goal was met after all (a late sync) gives its freeze back. */
export function refundsFreeze(day: Pick<StreakDay, "goalMet" | "frozen">): boolean {
  return day.frozen && day.goalMet;
}

/** A day's goal is met once its XP reaches the goal; lowering or raising it later keeps a met day met. */
export function goalMet(xp: number, goalXp: number, alreadyMet = false): boolean {
  return alreadyMet || xp >= goalXp;
}
