/**
 * The learner's onboarding row (learner_onboarding, migration 0012): one a learner, written step
 * by step. Every write is one upsert, so the first answer (or the chat's start) creates the row
 * and a second device's answer never fails on a row the first one made.
 */
import {
  INTERESTS,
  type Interest,
  MOTIVES,
  type Motive,
  OCCUPATION_VALUES,
  type Occupation,
} from "@lumen/core";
import { type Db, schema } from "@lumen/db";

export type OnboardingRow = typeof schema.learnerOnboarding.$inferSelect;
type OnboardingPatch = Partial<
  Omit<typeof schema.learnerOnboarding.$inferInsert, "userId" | "createdAt" | "updatedAt">
>;

/** What the server holds about a learner's onboarding. */
export interface OnboardingRecord {
  row: OnboardingRow | null;
  /** Whether they finished a lesson; asked only while there is no row (new or returning). */
  hasLessons: boolean;
}

/** The answers and the recommendation made from them: a new answer makes it stale. */
export const STALE_RECOMMENDATION = {
  recommendedTrackId: null,
  recommendedDailyGoal: null,
  completedAt: null,
} as const satisfies OnboardingPatch;

export async function writeOnboarding(
  db: Db,
  userId: string,
  patch: OnboardingPatch,
  now: Date,
): Promise<OnboardingRow> {
  const [row] = await db
    .insert(schema.learnerOnboarding)
    .values({ userId, ...patch, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: schema.learnerOnboarding.userId,
      set: { ...patch, updatedAt: now },
    })
    .returning();
  if (!row) throw new Error("the onboarding upsert returned no row");
  return row;
}

export interface StoredAnswers {
  occupation: Occupation | null;
  interests: Interest[];
  motives: Motive[];
}

/**
 * The row's answers that this version knows: a value an older or newer version stored and this
 * one does not offer is dropped, not the whole answer.
 */
export function storedAnswers(row: OnboardingRow | null): StoredAnswers {
  const [occupation = null] = known(OCCUPATION_VALUES, [row?.occupation]);
  return {
    occupation,
    interests: known(INTERESTS, row?.interests),
    motives: known(MOTIVES, row?.motives),
  };
}

function known<T extends string>(values: readonly T[], list: unknown): T[] {
  if (!Array.isArray(list)) return [];
  const allowed: readonly unknown[] = values;
  return [...new Set(list.filter((item): item is T => allowed.includes(item)))];
}
