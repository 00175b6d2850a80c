/** Records the learner's time zone (PUT /v1/me/time-zone); the web app sends it on load. */
import { type Db, eq, schema } from "@lumen/db";
import {
  type ProgressSnapshot,
  settleFreezes,
  snapshot,
  withLearner,
} from "../progress/learner-store.ts";

export interface SetTimeZoneOptions {
  db: Db;
  userId: string;
  timeZone: string;
  now?: Date;
}

export async function setTimeZone({
  db,
  userId,
  timeZone,
  now = new Date(),
}: SetTimeZoneOptions): Promise<ProgressSnapshot> {
  return withLearner(db, userId, now, async (tx, learner) => {
    if (learner.timeZone === timeZone) return snapshot(tx, learner, now);
    const [updated] = await tx
      .update(schema.learnerProgress)
      .set({ timeZone, updatedAt: now })
      .where(eq(schema.learnerProgress.userId, userId))
      .returning();
    // "Today" moved with the learner; freezes are settled again in the new zone.
    const { learner: settled } = await settleFreezes(tx, updated ?? learner, now);
    return snapshot(tx, settled, now);
  });
}
