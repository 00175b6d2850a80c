/** The streak calendar between two local dates (GET /v1/streak/calendar), one entry per day. */
import type { CalendarResult } from "@lumen/contracts";
import { dateRange } from "@lumen/core";
import type { Db } from "@lumen/db";
import { loadDays, withLearner } from "../progress/learner-store.ts";

export interface ReadStreakCalendarOptions {
  db: Db;
  userId: string;
  from: string;
  to: string;
  now?: Date;
}

export async function readStreakCalendar({
  db,
  userId,
  from,
  to,
  now = new Date(),
}: ReadStreakCalendarOptions): Promise<CalendarResult> {
  // Through withLearner so that a freeze spent on yesterday shows on the calendar at once.
  const rows = await withLearner(db, userId, now, (tx) => loadDays(tx, userId));
  const byDate = new Map(rows.map((r) => [r.localDate, r]));
  return {
    days: dateRange(from, to).map((date) => {
      const row = byDate.get(date);
      return {
        date,
        xp: row?.xp ?? 0,
        goalMet: row?.goalMet ?? false,
        frozen: row?.frozen ?? false,
      };
    }),
  };
}
