/**
 * The learner skips the onboarding chat (POST /v1/me/onboarding/skip): the answers given so far
 * stay, and /onboarding-check sends them onward from now on.
 */
import type { Db } from "@lumen/db";
import { type OnboardingRow, writeOnboarding } from "../onboarding/onboarding-store.ts";

export interface SkipOnboardingOptions {
  db: Db;
  userId: string;
  now: Date;
}

export async function skipOnboarding({
  db,
  userId,
  now,
}: SkipOnboardingOptions): Promise<OnboardingRow> {
  return writeOnboarding(db, userId, { step: "skipped" }, now);
}
