/** The learner's figures as of now (GET /v1/progress): today's XP, goal, streak, coins. */
import type { Progress } from "@lumen/contracts";
import type { Db } from "@lumen/db";
import { presentProgress } from "../presenters/progress.ts";
import { snapshot, withLearner } from "../progress/learner-store.ts";

export interface ReadProgressOptions {
  db: Db;
  userId: string;
  now?: Date;
}

export async function readProgress({
  db,
  userId,
  now = new Date(),
}: ReadProgressOptions): Promise<Progress> {
  return presentProgress(
    await withLearner(db, userId, now, (tx, learner) => snapshot(tx, learner, now)),
  );
}
