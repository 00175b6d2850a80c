/**
 * Reading and writing one learner's progress rows inside a transaction. Every progress command
 * first locks the learner's row, so that two requests of one learner (two tabs, a sync beside a
 * purchase) run one after the other and the coin balance is read and spent under the lock.
 */
import {
  daysToFreeze,
  localDate,
  refundsFreeze,
  type StreakDay,
  type StreakSummary,
  summarizeStreak,
} from "@lumen/core";
import { and, type Db, eq, inArray, schema, sql } from "@lumen/db";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type LearnerRow = typeof schema.learnerProgress.$inferSelect;
export type DayRow = typeof schema.progressDays.$inferSelect;

/** Creates the learner's row on first use and locks it until the transaction ends. */
export async function lockLearner(tx: Tx, userId: string): Promise<LearnerRow> {
  await tx.insert(schema.learnerProgress).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(schema.learnerProgress)
    .where(eq(schema.learnerProgress.userId, userId))
    .for("update");
  if (!row) throw new Error(`learner_progress row missing for ${userId}`);
  return row;
}

export async function loadDays(tx: Tx | Db, userId: string): Promise<DayRow[]> {
  return tx.select().from(schema.progressDays).where(eq(schema.progressDays.userId, userId));
}

export const streakDays = (rows: readonly DayRow[]): StreakDay[] =>
  rows.map((r) => ({
    date: r.localDate,
    goalMet: r.goalMet,
    frozen: r.frozen,
    timeZone: r.timeZone,
  }));

export async function coinBalance(tx: Tx | Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: sql<string>`coalesce(sum(${schema.coinLedger.amount}), 0)` })
    .from(schema.coinLedger)
    .where(eq(schema.coinLedger.userId, userId));
  return Number(row?.balance ?? 0);
}

/** Pays coins once per (reason, ref); answers how many were paid now (0 when paid before). */
export async function earnCoins(
  tx: Tx,
  userId: string,
  reason: "lesson" | "chapter" | "tutorial" | "streak_milestone",
  ref: string,
  amount: number,
): Promise<number> {
  const inserted = await tx
    .insert(schema.coinLedger)
    .values({ userId, reason, ref, amount })
    .onConflictDoNothing()
    .returning({ id: schema.coinLedger.id });
  return inserted.length > 0 ? amount : 0;
}

/**
 * Brings the learner's freezes up to date as of `now`: gives back freezes whose day was met after
 * all (late syncs) and spends freezes on the days missed since the streak's last day.
 */
export async function settleFreezes(
  tx: Tx,
  learner: LearnerRow,
  now: Date,
): Promise<{ learner: LearnerRow; days: DayRow[] }> {
  let days = await loadDays(tx, learner.userId);
  let freezes = learner.freezes;
  const refunded = days.filter(refundsFreeze).map((d) => d.localDate);
  if (refunded.length > 0) {
    await tx
      .update(schema.progressDays)
      .set({ frozen: false })
      .where(
        and(
          eq(schema.progressDays.userId, learner.userId),
          inArray(schema.progressDays.localDate, refunded),
        ),
      );
    freezes += refunded.length;
  }
  const today = localDate(now, learner.timeZone);
  const toFreeze = daysToFreeze(
    streakDays(days).map((d) => (refunded.includes(d.date) ? { ...d, frozen: false } : d)),
    today,
    learner.timeZone,
    freezes,
  );
  if (toFreeze.length > 0) {
    await tx
      .insert(schema.progressDays)
      .values(
        toFreeze.map((date) => ({
          userId: learner.userId,
          localDate: date,
          frozen: true,
          timeZone: learner.timeZone,
        })),
      )
      .onConflictDoUpdate({
        target: [schema.progressDays.userId, schema.progressDays.localDate],
        set: { frozen: true },
      });
    freezes -= toFreeze.length;
  }
  if (freezes === learner.freezes && refunded.length === 0) return { learner, days };
  const [updated] = await tx
    .update(schema.learnerProgress)
    .set({ freezes, updatedAt: now })
    .where(eq(schema.learnerProgress.userId, learner.userId))
    .returning();
  days = await loadDays(tx, learner.userId);
  return { learner: updated ?? { ...learner, freezes }, days };
}

export interface ProgressSnapshot {
  learner: LearnerRow;
  today: string;
  todayXp: number;
  streak: StreakSummary;
  balance: number;
}

export async function snapshot(tx: Tx, learner: LearnerRow, now: Date): Promise<ProgressSnapshot> {
  const days = await loadDays(tx, learner.userId);
  const today = localDate(now, learner.timeZone);
  return {
    learner,
    today,
    todayXp: days.find((d) => d.localDate === today)?.xp ?? 0,
    streak: summarizeStreak(streakDays(days), today, learner.timeZone),
    balance: await coinBalance(tx, learner.userId),
  };
}

/** Runs `fn` with the learner locked and their freezes settled, in one transaction. */
export function withLearner<T>(
  db: Db,
  userId: string,
  now: Date,
  fn: (tx: Tx, learner: LearnerRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const locked = await lockLearner(tx, userId);
    const { learner } = await settleFreezes(tx, locked, now);
    return fn(tx, learner);
  });
}
