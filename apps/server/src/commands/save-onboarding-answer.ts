/**
 * Stores one answer of the onboarding chat (POST /v1/me/onboarding/answers) and moves the chat to
 * the next question. A choice's words are mapped here with @lumen/core's spec mapping (section 4),
 * so the stored occupation is the spec's value whichever way the chat asked. An answer may change
 * an earlier one (the chat's back button); the recommendation made before then no longer holds.
 */
import type { OnboardingAnswerBody } from "@lumen/contracts";
import { answerOccupationQuestion, occupationFromSelfEmployedChoice } from "@lumen/core";
import type { Db } from "@lumen/db";
import {
  type OnboardingRow,
  STALE_RECOMMENDATION,
  writeOnboarding,
} from "../onboarding/onboarding-store.ts";

export interface SaveOnboardingAnswerOptions {
  db: Db;
  userId: string;
  answer: OnboardingAnswerBody;
  now: Date;
}

/** The row's new values for this answer. */
function patchFor(answer: OnboardingAnswerBody) {
  switch (answer.step) {
    case "occupation": {
      if ("occupation" in answer) return { occupation: answer.occupation, step: "interests" };
      const outcome = answerOccupationQuestion(answer.choice);
      // "Self-employed" is not an occupation yet: the follow-up names the type.
      return "followUp" in outcome
        ? { occupation: null, step: outcome.followUp }
        : { occupation: outcome.occupation, step: "interests" };
    }
    case "self_employed":
      return { occupation: occupationFromSelfEmployedChoice(answer.choice), step: "interests" };
    case "interests":
      return { interests: answer.interests, step: "motives" };
    case "motives":
      return { motives: answer.motives, step: "recommendation" };
  }
}

export async function saveOnboardingAnswer({
  db,
  userId,
  answer,
  now,
}: SaveOnboardingAnswerOptions): Promise<OnboardingRow> {
  return writeOnboarding(db, userId, { ...patchFor(answer), ...STALE_RECOMMENDATION }, now);
}
