/**
 * The learner's figures as of now (GET /v1/progress): today's XP, goal, streak, coins, as data;
 * presenters/progress.ts shapes the answer.
 */
import type { Db } from "@lumen/db";
import { type ProgressSnapshot, snapshot, withLearner } from "../progress/learner-store.ts";

export interface ReadProgressOptions {
  db: Db;
  userId: string;
  now?: Date;
}

export async function readProgress({
  db,
  userId,
  now = new Date(),
}: ReadProgressOptions): Promise<ProgressSnapshot> {
  return withLearner(db, userId, now, (tx, learner) => snapshot(tx, learner, now));
}
