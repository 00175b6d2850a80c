/** The stats' words: dates as a learner reads them, and the chart's summary for screen readers. */
import type { LearnerStats } from "@lumen/contracts";

const dayMonth = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const dayMonthYear = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** "3 Nov" */
export const shortDate = (date: string) => dayMonth.format(utc(date));

/** "1 Nov – 3 Nov 2026", or one date for a one-day span. */
export function dateSpan(start: string, end: string): string {
  if (start === end) return dayMonthYear.format(utc(end));
  return `${shortDate(start)} – ${dayMonthYear.format(utc(end))}`;
}

/** One sentence of every week's XP, for the chart's accessible name. */
export function weeksSummary(weeks: LearnerStats["weeks"]): string {
  const total = weeks.reduce((sum, week) => sum + week.xp, 0);
  const parts = weeks.map((week) => `week of ${shortDate(week.weekStart)}: ${week.xp} XP`);
  return `XP per week over the last ${weeks.length} weeks, ${total} XP in all. ${parts.join("; ")}.`;
}
