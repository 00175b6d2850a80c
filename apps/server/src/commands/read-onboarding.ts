/**
 * The learner's onboarding as stored (GET /v1/me/onboarding), and whether they have finished a
 * lesson: an account with lessons but no answers predates the chat and is not sent to it.
 */
import { type Db, eq, schema } from "@lumen/db";
import type { OnboardingRecord } from "../onboarding/onboarding-store.ts";

export interface ReadOnboardingOptions {
  db: Db;
  userId: string;
}

export async function readOnboarding({
  db,
  userId,
}: ReadOnboardingOptions): Promise<OnboardingRecord> {
  const [row] = await db
    .select()
    .from(schema.learnerOnboarding)
    .where(eq(schema.learnerOnboarding.userId, userId))
    .limit(1);
  if (row) return { row, hasLessons: false };
  const [lesson] = await db
    .select({ id: schema.lessonCompletions.id })
    .from(schema.lessonCompletions)
    .where(eq(schema.lessonCompletions.userId, userId))
    .limit(1);
  return { row: null, hasLessons: lesson !== undefined };
}
