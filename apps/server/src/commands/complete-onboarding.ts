/**
 * Ends the onboarding chat with its recommendation (POST /v1/me/onboarding/complete): the track
 * for the learner's interests, the daily goal for their motives and occupation (@lumen/core's
 * onboarding-recommendation.ts), kept on the learner. The daily goal itself changes only when the
 * learner asks for it ("Set my daily goal", PUT /v1/daily-goal).
 */
import { recommendDailyGoal, recommendTrack } from "@lumen/core";
import { type Db, eq, schema } from "@lumen/db";
import type { CatalogStore } from "../catalog/catalog-store.ts";
import { AppError, errors } from "../errors.ts";
import {
  type OnboardingRow,
  storedAnswers,
  writeOnboarding,
} from "../onboarding/onboarding-store.ts";

export interface CompleteOnboardingOptions {
  db: Db;
  catalog: CatalogStore;
  userId: string;
  now: Date;
}

export async function completeOnboarding({
  db,
  catalog,
  userId,
  now,
}: CompleteOnboardingOptions): Promise<OnboardingRow> {
  const [row] = await db
    .select()
    .from(schema.learnerOnboarding)
    .where(eq(schema.learnerOnboarding.userId, userId))
    .limit(1);
  const { occupation, interests, motives } = storedAnswers(row ?? null);
  if (!occupation || interests.length === 0 || motives.length === 0) {
    throw new AppError(
      "conflict",
      "Answer the questions about your occupation, interests and motives first.",
    );
  }
  const chosen = recommendTrack(interests, catalog.tracks());
  if (!chosen) throw errors.unavailable("The course catalog");
  return writeOnboarding(
    db,
    userId,
    {
      recommendedTrackId: chosen.track.id,
      recommendedDailyGoal: recommendDailyGoal(motives, occupation),
      completedAt: now,
      step: "recommendation",
    },
    now,
  );
}
