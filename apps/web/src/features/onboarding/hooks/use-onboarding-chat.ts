/**
 * The onboarding chat's state and actions (issue 16): the server's answer (the stored answers and
 * the step to ask), the step shown (the back button may show an earlier one), what the learner
 * typed in this visit, and one request at a time, during which the assistant is "typing". Each
 * step sends its analytics event (spec section 7): set_onboarding_step when a question is shown,
 * set_occupation, set_interest and set_motive when an answer is stored, and onboarding_step for
 * the chat's start, end, skip and start-over.
 */
import type {
  InterpretedStep,
  OnboardingAnswer,
  OnboardingAnswerBody,
  OnboardingInterpretation,
} from "@lumen/contracts";
import {
  type Interest,
  type Motive,
  type OccupationQuestionChoice,
  type OnboardingStep,
  SELF_EMPLOYED,
  type SelfEmployedChoice,
} from "@lumen/core";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { track } from "../../../analytics/track.ts";
import { onboardingQuery } from "../../../lib/queries.ts";
import { onboardingApi } from "../api/onboarding-client.ts";
import { occupationWords, previousStep, type TypedAnswers } from "../lib/chat-script.ts";

/** What the learner did, for analytics: picked a choice or typed (the text itself is never sent). */
type Source = "choice" | "text";

/** Sends the event for the answer just stored. */
function trackAnswer(body: OnboardingAnswerBody, stored: OnboardingAnswer, source: Source) {
  if (body.step === "interests")
    track("set_interest", { interests: body.interests.join(","), source });
  else if (body.step === "motives")
    track("set_motive", { motives: body.motives.join(","), source });
  else if (stored.occupation) track("set_occupation", { occupation: stored.occupation, source });
}

/** Whether the model read something the chat can store. */
function usable(reading: OnboardingInterpretation): OnboardingAnswerBody | null {
  if (reading.step === "occupation") {
    return reading.occupation ? { step: "occupation", occupation: reading.occupation } : null;
  }
  if (reading.step === "interests") {
    return reading.interests.length > 0
      ? { step: "interests", interests: reading.interests }
      : null;
  }
  return reading.motives.length > 0 ? { step: "motives", motives: reading.motives } : null;
}

export const NOT_UNDERSTOOD =
  "Sorry, I couldn't tell from that. Pick one of the answers below, or say it another way.";

export function useOnboardingChat(userId: string) {
  const client = useQueryClient();
  const query = onboardingQuery(userId);
  // The route's loader has just read it; from then on the chat's own requests answer with it, and
  // a refetch on mount could land after them with an older state.
  const { data: answer } = useSuspenseQuery({ ...query, staleTime: Number.POSITIVE_INFINITY });
  const [shownStep, setShownStep] = useState<OnboardingStep | null>(null);
  const [typed, setTyped] = useState<TypedAnswers>({});
  const [pickedSelfEmployed, setPickedSelfEmployed] = useState(false);
  // Free text the model could not map: shown with the assistant's request to say it otherwise.
  const [unclear, setUnclear] = useState<string | null>(null);

  const store = (next: OnboardingAnswer) => {
    void client.cancelQueries({ queryKey: query.queryKey });
    client.setQueryData(query.queryKey, next);
    setShownStep(null);
    setUnclear(null);
  };
  const {
    mutate,
    isPending: busy,
    isError,
    error,
    reset,
  } = useMutation({
    mutationFn: (call: () => Promise<OnboardingAnswer | null>) => call(),
    onMutate: () => setUnclear(null),
    onSuccess: (next) => {
      if (next) store(next);
    },
  });

  const step: OnboardingStep = shownStep ?? answer.step ?? "occupation";
  const storedSelfEmployed = answer.occupation
    ? occupationWords(answer.occupation).length === 2
    : false;
  const selfEmployed = pickedSelfEmployed || storedSelfEmployed;

  // The chat starts once: the row that makes /onboarding-check send the learner onward next time.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !["new", "returning", "skipped"].includes(answer.status)) return;
    started.current = true;
    mutate(async () => {
      const next = await onboardingApi.start(answer.status === "skipped");
      track("onboarding_step", { step: "started" });
      return next;
    });
  }, [answer.status, mutate]);

  // Each question shown, once per showing.
  const announced = useRef<OnboardingStep | null>(null);
  useEffect(() => {
    if (answer.status === "new" || answer.status === "returning") return;
    if (announced.current === step) return;
    announced.current = step;
    track("set_onboarding_step", { step });
  }, [answer.status, step]);

  // Every answer given and none changed since: the recommendation is asked for.
  const needsRecommendation =
    shownStep === null && answer.step === "recommendation" && answer.recommendation === null;
  useEffect(() => {
    if (!needsRecommendation || busy || isError) return;
    mutate(async () => {
      const next = await onboardingApi.complete();
      track("onboarding_step", {
        step: "completed",
        trackId: next.recommendation?.track.id ?? null,
        dailyGoalXp: next.recommendation?.dailyGoalXp ?? null,
      });
      return next;
    });
  }, [needsRecommendation, busy, isError, mutate]);

  const save = (body: OnboardingAnswerBody, source: Source) =>
    mutate(async () => {
      const next = await onboardingApi.answer(body);
      trackAnswer(body, next, source);
      return next;
    });

  return {
    answer,
    step,
    typed,
    selfEmployed,
    busy,
    unclear,
    error,
    canGoBack: previousStep(step, selfEmployed) !== null && !busy,
    chooseOccupation(choice: OccupationQuestionChoice) {
      setPickedSelfEmployed(choice === SELF_EMPLOYED);
      setTyped((t) => ({ ...t, occupation: undefined }));
      save({ step: "occupation", choice }, "choice");
    },
    chooseSelfEmployed(choice: SelfEmployedChoice) {
      save({ step: "self_employed", choice }, "choice");
    },
    chooseInterests(interests: Interest[]) {
      setTyped((t) => ({ ...t, interests: undefined }));
      save({ step: "interests", interests }, "choice");
    },
    chooseMotives(motives: Motive[]) {
      setTyped((t) => ({ ...t, motives: undefined }));
      save({ step: "motives", motives }, "choice");
    },
    /** A free-text answer: the model reads it; what it understood is stored like a choice. */
    say(at: InterpretedStep, text: string) {
      mutate(async () => {
        const body = usable(await onboardingApi.interpret({ step: at, text }));
        if (!body) {
          setUnclear(text);
          return null;
        }
        const next = await onboardingApi.answer(body);
        setTyped((t) => ({ ...t, [at]: text }));
        if (at === "occupation") setPickedSelfEmployed(false);
        trackAnswer(body, next, "text");
        return next;
      });
    },
    back() {
      const previous = previousStep(step, selfEmployed);
      if (previous) setShownStep(previous);
      setUnclear(null);
      reset();
    },
    restart() {
      mutate(async () => {
        const next = await onboardingApi.start(true);
        setTyped({});
        setPickedSelfEmployed(false);
        announced.current = null;
        track("onboarding_step", { step: "restarted" });
        return next;
      });
    },
    async skip(): Promise<void> {
      await onboardingApi.skip();
      track("onboarding_step", { step: "skipped", at: step });
    },
  };
}
