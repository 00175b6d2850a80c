/**
 * Shapes the onboarding answer (GET and POST /v1/me/onboarding…): where the chat stands, the
 * answers this version knows, and the recommendation drawn from today's catalog (its track's
 * title and first lesson follow what is published; a track no longer published recommends nothing).
 */
import {
  DAILY_GOAL_OPTIONS,
  type DailyGoalXp,
  type OnboardingAnswer,
  type OnboardingRecommendation,
  type OnboardingStatus,
  type Track,
} from "@lumen/contracts";
import { firstLesson, onboardingStepSchema, recommendTrack } from "@lumen/core";
import {
  type OnboardingRecord,
  type OnboardingRow,
  type StoredAnswers,
  storedAnswers,
} from "../onboarding/onboarding-store.ts";

export interface PresentOnboardingOptions {
  tracks: readonly Track[];
  /** Whether a model is set up (the chat's free-text box). */
  freeText: boolean;
}

function statusOf({ row, hasLessons }: OnboardingRecord): OnboardingStatus {
  if (!row) return hasLessons ? "returning" : "new";
  if (row.completedAt) return "completed";
  return row.step === "skipped" ? "skipped" : "started";
}

function recommendationOf(
  row: OnboardingRow,
  answers: StoredAnswers,
  tracks: readonly Track[],
): OnboardingRecommendation | null {
  const track = tracks.find((t) => t.id === row.recommendedTrackId);
  const lesson = track ? firstLesson(track) : null;
  const goal = DAILY_GOAL_OPTIONS.find((xp) => xp === row.recommendedDailyGoal);
  if (!row.completedAt || !track || !lesson || goal === undefined) return null;
  return {
    track: { id: track.id, title: track.title, language: track.language },
    because: recommendTrack(answers.interests, [track])?.interest ?? null,
    dailyGoalXp: goal satisfies DailyGoalXp,
    firstLesson: lesson,
  };
}

export function presentOnboarding(
  record: OnboardingRecord,
  { tracks, freeText }: PresentOnboardingOptions,
): OnboardingAnswer {
  const { row } = record;
  const answers = storedAnswers(row);
  const step = onboardingStepSchema.safeParse(row?.step);
  return {
    status: statusOf(record),
    step: row && row.step !== "skipped" ? (step.success ? step.data : "occupation") : null,
    ...answers,
    recommendation: row ? recommendationOf(row, answers, tracks) : null,
    completedAt: row?.completedAt ? row.completedAt.toISOString() : null,
    freeText,
  };
}
