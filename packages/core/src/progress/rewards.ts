/**
 * What a learner earns: XP per lesson type, coins for lessons, chapters, tutorials and streak
 * milestones, and the price of a streak freeze. The values and why they were chosen are in
 * docs/decisions/0013-xp-and-coins.md.
 */
import { ordinal } from "../ordinal.ts";

/** The curriculum's lesson types (docs/content-format.md). */
export type LessonType = "explanation" | "multiple-choice" | "fill-in" | "code" | "project";

/** Reading is quick, answering a question a little more, writing code the most. */
export const XP_BY_LESSON_TYPE: Readonly<Record<LessonType, number>> = {
  explanation: 5,
  "multiple-choice": 5,
  "fill-in": 5,
  code: 10,
  project: 15,
};

export function xpForLesson(type: LessonType): number {
  return XP_BY_LESSON_TYPE[type];
}

export const COINS = {
  lesson: 1,
  chapter: 5,
  tutorial: 20,
} as const;

/** A freeze costs a few days of steady learning, so it is a safety net, not a way to skip. */
export const FREEZE_PRICE_COINS = 50;
/** How many unused freezes a learner may hold: two covers a weekend away, no more. */
export const MAX_FREEZES = 2;

/** Streak lengths that earn a bonus, with the coins each one pays. */
export const STREAK_MILESTONES: ReadonlyArray<{ days: number; coins: number }> = [
  { days: 3, coins: 10 },
  { days: 7, coins: 25 },
  { days: 14, coins: 40 },
  { days: 30, coins: 75 },
  { days: 50, coins: 100 },
  { days: 100, coins: 200 },
  { days: 200, coins: 300 },
  { days: 365, coins: 500 },
];
/** Past the table, every further 100 days is a milestone too. */
const LATE_MILESTONE_EVERY = 100;
const LATE_MILESTONE_COINS = 300;

export interface StreakMilestone {
  days: number;
  coins: number;
  /** The words shown to the learner, e.g. "Your 7th day in a row!". */
  message: string;
}

/** The milestone reached when the streak becomes `days` long, if that length is one. */
export function streakMilestone(days: number): StreakMilestone | null {
  const listed = STREAK_MILESTONES.find((m) => m.days === days);
  const last = STREAK_MILESTONES[STREAK_MILESTONES.length - 1]?.days ?? 0;
  const coins =
    listed?.coins ??
    (days > last && days % LATE_MILESTONE_EVERY === 0 ? LATE_MILESTONE_COINS : undefined);
  if (coins === undefined) return null;
  return { days, coins, message: `Your ${ordinal(days)} day in a row!` };
}

/** Whether a spend leaves the balance at zero or above: the ledger never goes negative. */
export function canSpend(balance: number, price: number): boolean {
  return Number.isSafeInteger(price) && price > 0 && balance - price >= 0;
}

/** The balance a ledger of signed amounts adds up to. */
export function ledgerBalance(amounts: readonly number[]): number {
  return amounts.reduce((sum, amount) => sum + amount, 0);
}
