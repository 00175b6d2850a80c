/**
 * Counts progress made offline (POST /v1/progress/sync): each queued completion in the order it
 * happened. An event for a lesson that no longer exists, or whose code fails the checks, is
 * answered as not counted, so that one bad event does not keep the rest of the queue from syncing.
 * Checks run within a time budget; events whose checks did not get their turn in time are
 * deferred (left out of the results, named in `deferred`), never lost.
 */
import { type SyncEvent, type SyncResult, syncEventSchema } from "@lumen/contracts";
import { countsForStreak, effectiveCompletedAt } from "@lumen/core";
import type { Db } from "@lumen/db";
import type { PlanSettings } from "../billing/effective-plan.ts";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import { CheckDeadlineError } from "../checks/check-scheduler.ts";
import type { CheckService } from "../checks/check-service.ts";
import { AppError } from "../errors.ts";
import { check } from "../http/validate.ts";
import { type ProgressSnapshot, snapshot, withLearner } from "../progress/learner-store.ts";
import { completeLesson } from "./complete-lesson.ts";

export interface SyncProgressOptions {
  db: Db;
  catalog: CatalogStore;
  userId: string;
  /** As sent: each is checked on its own, and a bad one is answered as rejected. */
  events: Array<{ clientEventId: string } & Record<string, unknown>>;
  now?: Date;
  checks: CheckService;
  /** How long this sync may spend waiting for and running checks (SYNC_BUDGET_MS). */
  budgetMs?: number;
  /** For the paywall (issue 15): see complete-lesson.ts. */
  roles?: readonly string[];
  env?: PlanSettings;
}

/**
 * A sync answers within about this long: checks not started by then are deferred, and the
 * client sends those events again with its next sync (issue 11 part 3).
 */
export const SYNC_BUDGET_MS = 15_000;

// A locked lesson's event (plan_required) is answered too: the queue must not wait on a plan.
const REJECTED = new Set(["not_found", "checks_failed", "validation_failed", "plan_required"]);

/** The sync's results as data: presenters/progress.ts presentSync shapes the answer. */
export type SyncProgressResult = Omit<SyncResult, "progress"> & { progress: ProgressSnapshot };

export async function syncProgress({
  db,
  catalog,
  userId,
  events,
  now = new Date(),
  checks,
  budgetMs = SYNC_BUDGET_MS,
  roles,
  env,
}: SyncProgressOptions): Promise<SyncProgressResult> {
  const rejected: SyncResult["results"] = [];
  const valid: SyncEvent[] = [];
  for (const event of events) {
    try {
      valid.push(check(syncEventSchema, event));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      rejected.push({
        clientEventId: event.clientEventId,
        counted: false,
        xpEarned: 0,
        countsForStreak: false,
        rejected: error.message,
      });
    }
  }
  const ordered = [...valid].sort(
    (a, b) =>
      effectiveCompletedAt(a.completedAt ? new Date(a.completedAt) : undefined, now).getTime() -
      effectiveCompletedAt(b.completedAt ? new Date(b.completedAt) : undefined, now).getTime(),
  );
  const results: SyncResult["results"] = [...rejected];
  const deferred: string[] = [];
  const deadline = Date.now() + budgetMs;
  for (const { lessonId, ...body } of ordered) {
    if (deferred.length > 0 && body.files?.length) {
      // The budget is spent or the learner's queue is full: later code waits for the next sync.
      deferred.push(body.clientEventId);
      continue;
    }
    try {
      const result = await completeLesson({
        db,
        catalog,
        userId,
        lessonId,
        body,
        now,
        live: false,
        checks,
        deadline,
        roles,
        env,
      });
      results.push({
        clientEventId: body.clientEventId,
        counted: result.counted,
        xpEarned: result.xpEarned,
        countsForStreak: result.countsForStreak,
      });
    } catch (error) {
      if (
        error instanceof CheckDeadlineError ||
        (error instanceof AppError && error.code === "rate_limited")
      ) {
        deferred.push(body.clientEventId);
        continue;
      }
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
        rejected: error.message,
      });
    }
  }
  const progress = await withLearner(db, userId, now, (tx, learner) => snapshot(tx, learner, now));
  return {
    results,
    ...(deferred.length > 0 ? { deferred } : {}),
    progress,
  };
}
