/**
 * The profile's figures (GET /v1/me/stats): totals, the current, longest and past streaks, XP
 * per week for the last twelve weeks, and how far the learner is in each track they started.
 */
import { type LearnerStats, STATS_WEEKS } from "@lumen/contracts";
import { streakHistory, weeklyXp } from "@lumen/core";
import { type Db, eq, schema, sql } from "@lumen/db";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import { loadDays, snapshot, streakDays, withLearner } from "../progress/learner-store.ts";

export interface ReadLearnerStatsOptions {
  db: Db;
  catalog: CatalogStore;
  userId: string;
  now: Date;
}

export async function readLearnerStats({
  db,
  catalog,
  userId,
  now,
}: ReadLearnerStatsOptions): Promise<LearnerStats> {
  return withLearner(db, userId, now, async (tx, learner) => {
    const figures = await snapshot(tx, learner, now);
    const days = await loadDays(tx, userId);
    const done = await tx
      .select({
        trackId: schema.lessonCompletions.trackId,
        lessonId: schema.lessonCompletions.lessonId,
        xp: schema.lessonCompletions.xp,
      })
      .from(schema.lessonCompletions)
      .where(eq(schema.lessonCompletions.userId, userId));
    const [xpRow] = await tx
      .select({ xp: sql<string>`coalesce(sum(${schema.progressDays.xp}), 0)` })
      .from(schema.progressDays)
      .where(eq(schema.progressDays.userId, userId));
    const doneByTrack = new Map<number, Set<number>>();
    for (const row of done) {
      const set = doneByTrack.get(row.trackId) ?? new Set<number>();
      set.add(row.lessonId);
      doneByTrack.set(row.trackId, set);
    }
    const tracks = catalog
      .tracks()
      .filter((track) => doneByTrack.has(track.id))
      .map((track) => {
        const ids = track.tutorials.flatMap((t) =>
          t.chapters.flatMap((c) => c.lessons.map((l) => l.id)),
        );
        const finished = doneByTrack.get(track.id) ?? new Set<number>();
        const lessonsDone = ids.filter((id) => finished.has(id)).length;
        return {
          trackId: track.id,
          title: track.title,
          lessonsDone,
          lessonCount: ids.length,
          finished: ids.length > 0 && lessonsDone === ids.length,
        };
      });
    return {
      totals: { xp: Number(xpRow?.xp ?? 0), lessons: done.length, coins: figures.balance },
      streak: {
        current: figures.streak.current,
        longest: figures.streak.longest,
        history: streakHistory(streakDays(days), figures.today),
      },
      weeks: weeklyXp(
        days.map((d) => ({ date: d.localDate, xp: d.xp })),
        figures.today,
        STATS_WEEKS,
      ),
      tracks,
    };
  });
}
