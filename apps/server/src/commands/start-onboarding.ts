/**
 * Starts the onboarding chat (POST /v1/me/onboarding/start): the row that says the learner has
 * been shown the chat, so /onboarding-check sends them there only once. Starting again keeps the
 * answers; `restart` clears them and the recommendation, and asks from the first question (the
 * chat's "Start over", and a learner who skipped and came back).
 */
import type { Db } from "@lumen/db";
import {
  type OnboardingRow,
  STALE_RECOMMENDATION,
  writeOnboarding,
} from "../onboarding/onboarding-store.ts";

export interface StartOnboardingOptions {
  db: Db;
  userId: string;
  restart: boolean;
  now: Date;
}

export async function startOnboarding({
  db,
  userId,
  restart,
  now,
}: StartOnboardingOptions): Promise<OnboardingRow> {
  if (restart) {
    return writeOnboarding(
      db,
      userId,
      { step: "occupation", occupation: null, interests: [], motives: [], ...STALE_RECOMMENDATION },
      now,
    );
  }
  // A new row takes the table's defaults (the first question); a row that exists keeps its answers.
  return writeOnboarding(db, userId, {}, now);
}
