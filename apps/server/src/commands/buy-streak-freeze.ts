/**
 * Buys one streak freeze with coins (POST /v1/streak/freezes). The learner's row is locked while
 * the balance is read and the spend written, so parallel purchases cannot overspend.
 */
import type { BuyFreezeResult } from "@lumen/contracts";
import { canSpend, FREEZE_PRICE_COINS, MAX_FREEZES } from "@lumen/core";
import { type Db, eq, schema } from "@lumen/db";
import { AppError } from "../errors.ts";
import { coinBalance, withLearner } from "../progress/learner-store.ts";

export interface BuyStreakFreezeOptions {
  db: Db;
  userId: string;
  now?: Date;
}

export async function buyStreakFreeze({
  db,
  userId,
  now = new Date(),
}: BuyStreakFreezeOptions): Promise<BuyFreezeResult> {
  return withLearner(db, userId, now, async (tx, learner) => {
    if (learner.freezes >= MAX_FREEZES) {
      throw new AppError(
        "freeze_limit_reached",
        `You already have ${MAX_FREEZES} streak freezes, the most you can hold.`,
      );
    }
    const balance = await coinBalance(tx, userId);
    if (!canSpend(balance, FREEZE_PRICE_COINS)) {
      throw new AppError(
        "insufficient_coins",
        `A streak freeze costs ${FREEZE_PRICE_COINS} coins; you have ${balance}.`,
      );
    }
    await tx.insert(schema.coinLedger).values({
      userId,
      amount: -FREEZE_PRICE_COINS,
      reason: "freeze",
      ref: crypto.randomUUID(),
      createdAt: now,
    });
    const [updated] = await tx
      .update(schema.learnerProgress)
      .set({ freezes: learner.freezes + 1, updatedAt: now })
      .where(eq(schema.learnerProgress.userId, userId))
      .returning({ freezes: schema.learnerProgress.freezes });
    return {
      freezes: updated?.freezes ?? learner.freezes + 1,
      coins: { balance: balance - FREEZE_PRICE_COINS },
    };
  });
}
