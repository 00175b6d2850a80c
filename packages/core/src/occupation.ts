/**
 * Onboarding occupation: the answer a learner picks and the value stored and sent with the
 * set_occupation event (spec section 4: Onboarding occupation).
 */
import { z } from "./zod.ts";

export const OCCUPATION_VALUES = [
  "high_school",
  "university",
  "employed",
  "freelancer",
  "startup_founder",
  "small_business_owner",
  "other",
] as const;
export const occupationSchema = z.enum(OCCUPATION_VALUES);
export type Occupation = z.infer<typeof occupationSchema>;

/** The main question's choices, in the order shown. */
export const OCCUPATION_CHOICES = {
  "High school student": "high_school",
  "University student": "university",
  Employed: "employed",
  "None of these": "other",
} as const satisfies Record<string, Occupation>;
export type OccupationChoice = keyof typeof OCCUPATION_CHOICES;

/**
 * The main question as the chat asks it: the four choices above and "Self-employed", which maps
 * to no value of its own but opens the follow-up question of the self-employed types.
 */
export const SELF_EMPLOYED = "Self-employed";
export const OCCUPATION_QUESTION_CHOICES = [
  "High school student",
  "University student",
  "Employed",
  SELF_EMPLOYED,
  "None of these",
] as const;
export type OccupationQuestionChoice = (typeof OCCUPATION_QUESTION_CHOICES)[number];
export const occupationQuestionChoiceSchema = z.enum(OCCUPATION_QUESTION_CHOICES);

/** The self-employed follow-up's choices, in the order shown. */
export const SELF_EMPLOYED_CHOICES = {
  "Freelancer or professional": "freelancer",
  "Startup founder": "startup_founder",
  "Small business owner": "small_business_owner",
  None: "other",
} as const satisfies Record<string, Occupation>;
export type SelfEmployedChoice = keyof typeof SELF_EMPLOYED_CHOICES;

// Zod enums of the labels, so a request body can be checked before it is mapped.
export const occupationChoiceSchema = z.enum(
  Object.keys(OCCUPATION_CHOICES) as [OccupationChoice, ...OccupationChoice[]],
);
export const selfEmployedChoiceSchema = z.enum(
  Object.keys(SELF_EMPLOYED_CHOICES) as [SelfEmployedChoice, ...SelfEmployedChoice[]],
);

export function occupationFromChoice(choice: OccupationChoice): Occupation {
  return OCCUPATION_CHOICES[choice];
}

/**
 * What answering the main question gives: a value to store, or (for "Self-employed") the
 * follow-up question to ask next.
 */
export function answerOccupationQuestion(
  choice: OccupationQuestionChoice,
): { occupation: Occupation } | { followUp: "self_employed" } {
  return choice === SELF_EMPLOYED
    ? { followUp: "self_employed" }
    : { occupation: occupationFromChoice(choice) };
}

export function occupationFromSelfEmployedChoice(choice: SelfEmployedChoice): Occupation {
  return SELF_EMPLOYED_CHOICES[choice];
}
