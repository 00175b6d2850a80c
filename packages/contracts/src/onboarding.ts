/**
 * The onboarding chat's API (issue 16, spec sections 2 and 4) under /v1/me/onboarding: the
 * learner's answers and where the chat stands, each answer as the chat gives it (a choice's words,
 * mapped on the server with @lumen/core's spec mapping, or a value the model read from free
 * text), the model's reading of free text, and the recommendation.
 */
import {
  INTERESTS,
  interestSchema,
  interestsSchema,
  motiveSchema,
  motivesSchema,
  OCCUPATION_VALUES,
  occupationQuestionChoiceSchema,
  onboardingStepSchema,
  selfEmployedChoiceSchema,
} from "@lumen/core";
import { dailyGoalXpSchema } from "./progress.ts";
import { z } from "./zod.ts";

/**
 * - new: no answers and no lessons yet: /onboarding-check sends the account to the chat (once).
 * - returning: no answers, but lessons done (an account older than the chat): sent onward.
 * - started, completed, skipped: the chat was shown; /onboarding-check sends them onward.
 */
export const ONBOARDING_STATUSES = ["new", "returning", "started", "completed", "skipped"] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

export const onboardingRecommendationSchema = z.object({
  track: z.object({ id: z.number(), title: z.string(), language: z.string() }),
  /** The interest that chose the track; null when none matched (the catalog's first track). */
  because: z.nullable(interestSchema),
  dailyGoalXp: dailyGoalXpSchema,
  firstLesson: z.object({
    trackId: z.number(),
    tutorialId: z.number(),
    chapterId: z.number(),
    lessonId: z.number(),
    lessonIndex: z.number(),
    title: z.string(),
  }),
});
export type OnboardingRecommendation = z.infer<typeof onboardingRecommendationSchema>;

/** `GET /v1/me/onboarding` and every onboarding POST answer this. */
export const onboardingAnswerSchema = z.object({
  status: z.enum(ONBOARDING_STATUSES),
  /** The question to ask next; null before the chat started and after it was skipped. */
  step: z.nullable(onboardingStepSchema),
  occupation: z.nullable(z.enum(OCCUPATION_VALUES)),
  interests: z.array(interestSchema),
  motives: z.array(motiveSchema),
  /** Set once the chat has recommended a start (POST .../complete). */
  recommendation: z.nullable(onboardingRecommendationSchema),
  completedAt: z.nullable(z.iso.datetime({ offset: true })),
  /** Whether a model is set up: only then does the chat offer a free-text box. */
  freeText: z.boolean(),
});
export type OnboardingAnswer = z.infer<typeof onboardingAnswerSchema>;

/**
 * `POST /v1/me/onboarding/start` (no body, or this): the chat has been shown. `restart` clears
 * the answers and asks from the first question ("Start over", or a learner who skipped).
 */
export const onboardingStartBodySchema = z.optional(
  z.strictObject({ restart: z.optional(z.boolean()) }),
);
export type OnboardingStartBody = z.infer<typeof onboardingStartBodySchema>;

/**
 * `POST /v1/me/onboarding/answers`: one step's answer. The occupation is either the main
 * question's choice (its words; "Self-employed" opens the follow-up) or, read from free text by
 * the model, the value itself.
 */
export const onboardingAnswerBodySchema = z.union([
  z.strictObject({ step: z.literal("occupation"), choice: occupationQuestionChoiceSchema }),
  z.strictObject({ step: z.literal("occupation"), occupation: z.enum(OCCUPATION_VALUES) }),
  z.strictObject({ step: z.literal("self_employed"), choice: selfEmployedChoiceSchema }),
  z.strictObject({ step: z.literal("interests"), interests: interestsSchema }),
  z.strictObject({ step: z.literal("motives"), motives: motivesSchema }),
]);
export type OnboardingAnswerBody = z.infer<typeof onboardingAnswerBodySchema>;

/** The longest free-text answer the model reads. */
export const MAX_ONBOARDING_TEXT = 500;
export const INTERPRETED_STEPS = ["occupation", "interests", "motives"] as const;
export type InterpretedStep = (typeof INTERPRETED_STEPS)[number];

/** `POST /v1/me/onboarding/interpret`: a free-text answer to one question. */
export const onboardingInterpretBodySchema = z.strictObject({
  step: z.enum(INTERPRETED_STEPS),
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_ONBOARDING_TEXT)),
});
export type OnboardingInterpretBody = z.infer<typeof onboardingInterpretBodySchema>;

/**
 * What the model read in the text, as the same fields the choices fill: null or an empty list
 * when the text says nothing the chat can use (the chat then offers the choices).
 */
export const onboardingInterpretationSchema = z.union([
  z.object({ step: z.literal("occupation"), occupation: z.nullable(z.enum(OCCUPATION_VALUES)) }),
  z.object({
    step: z.literal("interests"),
    interests: z.array(interestSchema).check(z.maxLength(INTERESTS.length)),
  }),
  z.object({ step: z.literal("motives"), motives: z.array(motiveSchema) }),
]);
export type OnboardingInterpretation = z.infer<typeof onboardingInterpretationSchema>;
