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
import type * as z from "zod/mini";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

async function call<S extends z.ZodMiniType>(
  schema: S,
  path: string,
  init: RequestInit = {},
): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch {
    throw ApiError.unreachable();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ApiError.fromAnswer(response.status, body);
  return schema.parse(body);
}

const post = (body?: unknown): RequestInit => ({
  method: "POST",
  body: body === undefined ? undefined : JSON.stringify(body),
});

export const onboardingApi = {
  read: (): Promise<OnboardingAnswer> => call(onboardingAnswerSchema, "/v1/me/onboarding"),
  start: (restart = false): Promise<OnboardingAnswer> =>
    call(onboardingAnswerSchema, "/v1/me/onboarding/start", post({ restart })),
  answer: (body: OnboardingAnswerBody): Promise<OnboardingAnswer> =>
    call(onboardingAnswerSchema, "/v1/me/onboarding/answers", post(body)),
  interpret: (body: OnboardingInterpretBody): Promise<OnboardingInterpretation> =>
    call(onboardingInterpretationSchema, "/v1/me/onboarding/interpret", post(body)),
  complete: (): Promise<OnboardingAnswer> =>
    call(onboardingAnswerSchema, "/v1/me/onboarding/complete", post()),
  skip: (): Promise<OnboardingAnswer> =>
    call(onboardingAnswerSchema, "/v1/me/onboarding/skip", post()),
};
