/**
 * Counts progress made offline (POST /v1/progress/sync): each queued completion in the order it
 * happened. An event for a lesson that no longer exists, or whose code fails the checks, is
 * answered as not counted, so that one bad event does not keep the rest of the queue from syncing.
 */
import type { SyncEvent, SyncResult } from "@lumen/contracts";
import { countsForStreak, effectiveCompletedAt } from "@lumen/core";
import type { Db } from "@lumen/db";
import type { NodeRunners } from "@lumen/runners/node";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import { AppError } from "../errors.ts";
import { presentProgress } from "../presenters/progress.ts";
import { snapshot, withLearner } from "../progress/learner-store.ts";
import { completeLesson } from "./complete-lesson.ts";

export interface SyncProgressOptions {
  db: Db;
  catalog: CatalogStore;
  userId: string;
  events: SyncEvent[];
  now?: Date;
  runners?: NodeRunners;
}

const REJECTED = new Set(["not_found", "checks_failed", "validation_failed"]);

export async function syncProgress({
  db,
  catalog,
  userId,
  events,
  now = new Date(),
  runners,
}: SyncProgressOptions): Promise<SyncResult> {
  const ordered = [...events].sort(
    (a, b) =>
      effectiveCompletedAt(a.completedAt ? new Date(a.completedAt) : undefined, now).getTime() -
      effectiveCompletedAt(b.completedAt ? new Date(b.completedAt) : undefined, now).getTime(),
  );
  const results: SyncResult["results"] = [];
  for (const { lessonId, ...body } of ordered) {
    try {
      const result = await completeLesson({
        db,
        catalog,
        userId,
        lessonId,
        body,
        now,
        live: false,
        runners,
      });
      results.push({
        clientEventId: body.clientEventId,
        counted: result.counted,
        xpEarned: result.xpEarned,
        countsForStreak: result.countsForStreak,
      });
    } catch (error) {
      if (!(error instanceof AppError) || !REJECTED.has(error.code)) throw error;
      const at = effectiveCompletedAt(
        body.completedAt ? new Date(body.completedAt) : undefined,
        now,
      );
      results.push({
        clientEventId: body.clientEventId,
        counted: false,
        xpEarned: 0,
        countsForStreak: countsForStreak(at, now),
      });
    }
  }
  const progress = await withLearner(db, userId, now, (tx, learner) => snapshot(tx, learner, now));
  return { results, progress: presentProgress(progress) };
}
