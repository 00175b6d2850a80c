/**
 * Counts a finished lesson (POST /v1/progress/lessons/{lessonId}/complete, and each event of a
 * sync): checks code on the server runners, then records XP, the day's goal, coins for the
 * lesson, its chapter and tutorial, and any streak milestone. A lesson counts once per learner;
 * the unique constraints of lesson_completions and coin_ledger make a repeat earn nothing. A lesson
 * outside the free sections needs a plan that opens it (402 plan_required, issue 15).
 */
import type { CompletionResult, LessonCompletionBody } from "@lumen/contracts";
import {
  COINS,
  countsForStreak,
  DEFAULT_BILLING_GRACE_DAYS,
  effectiveCompletedAt,
  goalMet,
  localDate,
  streakMilestone,
  summarizeStreak,
  tutorialDone,
  unlockedBy,
  xpForLesson,
} from "@lumen/core";
import { and, type Db, eq, or, schema, sql } from "@lumen/db";
import type { PlanSettings } from "../billing/effective-plan.ts";
import { assertLessonOpen } from "../billing/lesson-access.ts";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import type { CheckService } from "../checks/check-service.ts";
import {
  earnCoins,
  loadDays,
  type ProgressSnapshot,
  snapshot,
  streakDays,
  withLearner,
} from "../progress/learner-store.ts";
import { locateLesson, verifyLesson } from "../progress/lesson-check.ts";

export interface CompleteLessonOptions {
  db: Db;
  catalog: CatalogStore;
  userId: string;
  lessonId: number;
  body: LessonCompletionBody;
  now?: Date;
  /** A live completion also makes the zone it was sent with the learner's zone; a sync does not. */
  live: boolean;
  /** Where the learner's code is checked (the sandbox, behind the learners' fair shares). */
  checks: CheckService;
  /** A sync's time budget for this event's check (see sync-progress.ts). */
  deadline?: number;
  /** The learner's roles: course engineers and admins pass the paywall (issue 15). */
  roles?: readonly string[];
  /** BILLING_GRACE_DAYS, for the plan that opens a locked lesson. */
  env?: PlanSettings;
}

/** What a completion did, as data: presenters/progress.ts presentCompletion shapes the answer. */
export type CompleteLessonResult = Omit<CompletionResult, "progress"> & {
  progress: ProgressSnapshot;
  countsForStreak: boolean;
};

async function alreadyCounted(db: Db, userId: string, lessonId: number, eventId: string) {
  const rows = await db
    .select({ id: schema.lessonCompletions.id })
    .from(schema.lessonCompletions)
    .where(
      and(
        eq(schema.lessonCompletions.userId, userId),
        or(
          eq(schema.lessonCompletions.lessonId, lessonId),
          eq(schema.lessonCompletions.clientEventId, eventId),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

function notCounted(progress: ProgressSnapshot, streakOk: boolean): CompleteLessonResult {
  return {
    counted: false,
    xpEarned: 0,
    coinsEarned: 0,
    chapterFinished: false,
    tutorialFinished: false,
    unlockedTutorialId: null,
    streakIncreased: false,
    milestone: null,
    progress,
    countsForStreak: streakOk,
  };
}

export async function completeLesson({
  db,
  catalog,
  userId,
  lessonId,
  body,
  now = new Date(),
  live,
  checks,
  deadline,
  roles = [],
  env = { BILLING_GRACE_DAYS: DEFAULT_BILLING_GRACE_DAYS },
}: CompleteLessonOptions): Promise<CompleteLessonResult> {
  const located = await locateLesson(catalog, lessonId, body);
  // A locked lesson is refused before its code runs; what was counted before stays counted.
  await assertLessonOpen({
    db,
    user: { id: userId, roles },
    track: located.track,
    tutorialId: located.tutorial.id,
    now,
    env,
  });
  const completedAt = effectiveCompletedAt(
    body.completedAt ? new Date(body.completedAt) : undefined,
    now,
  );
  const streakOk = countsForStreak(completedAt, now);
  // A repeat skips the runner; the insert below still decides, under the unique constraints.
  let verified = true;
  if (!(await alreadyCounted(db, userId, lessonId, body.clientEventId))) {
    ({ verified } = await verifyLesson(located.lesson, body.files, {
      checks,
      learnerId: userId,
      deadline,
    }));
  }

  return withLearner(db, userId, now, async (tx, locked) => {
    let learner = locked;
    if (live && learner.timeZone !== body.timeZone) {
      const [updated] = await tx
        .update(schema.learnerProgress)
        .set({ timeZone: body.timeZone, updatedAt: now })
        .where(eq(schema.learnerProgress.userId, userId))
        .returning();
      learner = updated ?? learner;
    }
    const today = localDate(now, learner.timeZone);
    const before = summarizeStreak(streakDays(await loadDays(tx, userId)), today, learner.timeZone);
    const xp = xpForLesson(located.lesson.type);
    const day = localDate(completedAt, body.timeZone);

    const inserted = await tx
      .insert(schema.lessonCompletions)
      .values({
        userId,
        lessonId,
        trackId: located.track.id,
        tutorialId: located.tutorial.id,
        chapterId: located.chapter.id,
        trackVersion: located.track.version,
        clientEventId: body.clientEventId,
        completedAt,
        localDate: day,
        timeZone: body.timeZone,
        xp,
        countsForStreak: streakOk,
        verified,
      })
      .onConflictDoNothing()
      .returning({ id: schema.lessonCompletions.id });
    if (inserted.length === 0) return notCounted(await snapshot(tx, learner, now), streakOk);

    if (streakOk) {
      const days = schema.progressDays;
      await tx
        .insert(days)
        .values({
          userId,
          localDate: day,
          xp,
          goalMet: goalMet(xp, learner.dailyGoalXp),
          timeZone: body.timeZone,
        })
        .onConflictDoUpdate({
          target: [days.userId, days.localDate],
          set: {
            xp: sql`${days.xp} + ${xp}`,
            goalMet: sql`${days.goalMet} or ${days.xp} + ${xp} >= ${learner.dailyGoalXp}`,
            timeZone: body.timeZone,
          },
        });
    }

    const completedRows = await tx
      .select({ lessonId: schema.lessonCompletions.lessonId })
      .from(schema.lessonCompletions)
      .where(
        and(
          eq(schema.lessonCompletions.userId, userId),
          eq(schema.lessonCompletions.trackId, located.track.id),
        ),
      );
    const completed = new Set(completedRows.map((r) => r.lessonId));
    const chapterFinished = located.chapter.lessons.every((l) => completed.has(l.id));
    const tutorialFinished = tutorialDone(located.tutorial, completed);

    let coinsEarned = await earnCoins(tx, userId, "lesson", String(lessonId), COINS.lesson);
    if (chapterFinished) {
      coinsEarned += await earnCoins(
        tx,
        userId,
        "chapter",
        String(located.chapter.id),
        COINS.chapter,
      );
    }
    if (tutorialFinished) {
      coinsEarned += await earnCoins(
        tx,
        userId,
        "tutorial",
        String(located.tutorial.id),
        COINS.tutorial,
      );
    }

    const after = summarizeStreak(streakDays(await loadDays(tx, userId)), today, learner.timeZone);
    const streakIncreased = after.current > before.current;
    let milestone: string | null = null;
    const reached = streakIncreased ? streakMilestone(after.current) : null;
    if (reached) {
      // Keyed by the streak's first day: a new streak may earn the same milestone again.
      const paid = await earnCoins(
        tx,
        userId,
        "streak_milestone",
        `${reached.days}:${after.currentStart}`,
        reached.coins,
      );
      if (paid > 0) {
        coinsEarned += paid;
        milestone = reached.message;
      }
    }

    return {
      counted: true,
      xpEarned: xp,
      coinsEarned,
      chapterFinished,
      tutorialFinished,
      unlockedTutorialId: tutorialFinished
        ? unlockedBy(located.track, located.tutorial.id, completed)
        : null,
      streakIncreased,
      milestone,
      progress: await snapshot(tx, learner, now),
      countsForStreak: streakOk,
    };
  });
}
