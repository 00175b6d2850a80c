/**
 * Sets the learner's daily goal (PUT /v1/daily-goal). Today is judged by the new goal at once,
 * but a day already met stays met: raising the goal never takes a streak day away.
 */
import type { DailyGoalXp } from "@lumen/contracts";
import { localDate } from "@lumen/core";
import { and, type Db, eq, schema, sql } from "@lumen/db";
import { type ProgressSnapshot, snapshot, withLearner } from "../progress/learner-store.ts";

export interface SetDailyGoalOptions {
  db: Db;
  userId: string;
  xp: DailyGoalXp;
  now?: Date;
}

export async function setDailyGoal({
  db,
  userId,
  xp,
  now = new Date(),
}: SetDailyGoalOptions): Promise<ProgressSnapshot> {
  return withLearner(db, userId, now, async (tx, learner) => {
    const [updated] = await tx
      .update(schema.learnerProgress)
      .set({ dailyGoalXp: xp, updatedAt: now })
      .where(eq(schema.learnerProgress.userId, userId))
      .returning();
    const days = schema.progressDays;
    await tx
      .update(days)
      .set({ goalMet: sql`${days.goalMet} or ${days.xp} >= ${xp}` })
      .where(and(eq(days.userId, userId), eq(days.localDate, localDate(now, learner.timeZone))));
    return snapshot(tx, updated ?? learner, now);
  });
}
