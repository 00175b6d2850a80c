/**
 * The onboarding chat's calls (issue 16): where the chat stands, its start, each answer, a
 * free-text answer read by the model, the recommendation and skipping. Each answer is checked
 * against the shared contract; a refused call throws the app's ApiError.
 */
import {
  type OnboardingAnswer,
  type OnboardingAnswerBody,
  type OnboardingInterpretation,
  type OnboardingInterpretBody,
  onboardingAnswerSchema,
  onboardingInterpretationSchema,
} from "@lumen/contracts";
import { callApi } from "../../../lib/api-call.ts";

const post = (body?: unknown): RequestInit => ({
  method: "POST",
  body: body === undefined ? undefined : JSON.stringify(body),
});

export const onboardingApi = {
  read: (): Promise<OnboardingAnswer> => callApi(onboardingAnswerSchema, "/v1/me/onboarding"),
  start: (restart = false): Promise<OnboardingAnswer> =>
    callApi(onboardingAnswerSchema, "/v1/me/onboarding/start", post({ restart })),
  answer: (body: OnboardingAnswerBody): Promise<OnboardingAnswer> =>
    callApi(onboardingAnswerSchema, "/v1/me/onboarding/answers", post(body)),
  interpret: (body: OnboardingInterpretBody): Promise<OnboardingInterpretation> =>
    callApi(onboardingInterpretationSchema, "/v1/me/onboarding/interpret", post(body)),
  complete: (): Promise<OnboardingAnswer> =>
    callApi(onboardingAnswerSchema, "/v1/me/onboarding/complete", post()),
  skip: (): Promise<OnboardingAnswer> =>
    callApi(onboardingAnswerSchema, "/v1/me/onboarding/skip", post()),
};
