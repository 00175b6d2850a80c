/**
 * /web/onboarding/chat (spec section 2, issue 16): "{product} AI" asks a new learner what they do
 * (spec section 4's occupation question, and the self-employed follow-up), what they want to build
 * and why, then recommends a track, a daily goal and the first lesson. Answers are choices; when
 * the server has a model, a free-text box too. Back, start over and skip are always at hand.
 */
import {
  INTEREST_LABELS,
  INTERESTS,
  MOTIVE_LABELS,
  MOTIVES,
  OCCUPATION_QUESTION_CHOICES,
  type OnboardingStep,
  SELF_EMPLOYED_CHOICES,
  type SelfEmployedChoice,
} from "@lumen/core";
import { useMutation } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { config } from "../../lib/config.ts";
import { Alert, Button, Card } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { DEFAULT_LANDING } from "../auth/lib/after-login.ts";
import { MultiChoice, SingleChoice } from "./components/answer-choices.tsx";
import {
  AssistantAvatar,
  AssistantSays,
  ChatBubble,
  TypingIndicator,
} from "./components/chat-bubble.tsx";
import { FreeTextAnswer } from "./components/free-text-answer.tsx";
import { RecommendationCard } from "./components/recommendation-card.tsx";
import { NOT_UNDERSTOOD, useOnboardingChat } from "./hooks/use-onboarding-chat.ts";
import {
  chatTranscript,
  occupationWords,
  QUESTION_COUNT,
  QUESTION_NUMBER,
  QUESTIONS,
} from "./lib/chat-script.ts";
import { safeDestination } from "./lib/safe-destination.ts";

const route = getRouteApi("/web/onboarding/chat");

const OCCUPATION_OPTIONS = OCCUPATION_QUESTION_CHOICES.map((c) => ({ value: c, text: c }));
const SELF_EMPLOYED_OPTIONS = (Object.keys(SELF_EMPLOYED_CHOICES) as SelfEmployedChoice[]).map(
  (c) => ({ value: c, text: c }),
);
const INTEREST_OPTIONS = INTERESTS.map((i) => ({ value: i, text: INTEREST_LABELS[i] }));
const MOTIVE_OPTIONS = MOTIVES.map((m) => ({ value: m, text: MOTIVE_LABELS[m] }));

export function OnboardingChat() {
  const { user } = useAuth();
  // A protected screen: the gate renders it for a signed-in learner only.
  return user ? <Chat userId={user.id} /> : null;
}

function Chat({ userId }: { userId: string }) {
  const chat = useOnboardingChat(userId);
  const { answer, step, busy } = chat;
  const { redirectUrl } = route.useSearch();
  const navigate = useNavigate();

  const onward = () => {
    const to = safeDestination(redirectUrl) ?? DEFAULT_LANDING;
    if (/^https?:/i.test(to)) window.location.assign(to);
    else void navigate({ href: to });
  };
  const skip = useMutation({ mutationFn: chat.skip, onSuccess: onward });

  const messages = chatTranscript({
    step,
    answers: answer,
    typed: chat.typed,
    selfEmployed: chat.selfEmployed,
    assistantName: config.assistantName,
  });
  const end = useRef<HTMLLIElement>(null);
  const count = messages.length;
  useEffect(() => {
    if (count > 2) end.current?.scrollIntoView({ block: "nearest" });
  }, [count]);

  const number = QUESTION_NUMBER[step];
  const answered = step !== "occupation" || answer.occupation !== null || chat.selfEmployed;
  const problem = chat.error ?? skip.error;
  return (
    <section aria-labelledby="onboarding-title" className="mx-auto max-w-2xl py-6 sm:py-10">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <AssistantAvatar size="lg" />
          <div>
            <h1 id="onboarding-title" className="text-2xl font-bold tracking-tight">
              Find your first track
            </h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              A short chat with {config.assistantName} ·{" "}
              <span className="whitespace-nowrap">
                {number ? `Question ${number} of ${QUESTION_COUNT}` : "Your recommendation"}
              </span>
            </p>
          </div>
        </div>
        {step === "recommendation" ? null : (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            pending={skip.isPending}
            onClick={() => skip.mutate()}
          >
            Skip for now
          </Button>
        )}
      </header>

      <Card padding="none" className="mt-6 overflow-hidden">
        <div role="log" aria-label={`Chat with ${config.assistantName}`}>
          <ol className="flex flex-col gap-3 p-4 sm:p-6">
            {messages.map((message) => (
              <ChatBubble key={message.id} message={message} />
            ))}
            {chat.unclear ? (
              <>
                <ChatBubble message={{ id: "unclear", from: "learner", text: chat.unclear }} />
                <AssistantSays>{NOT_UNDERSTOOD}</AssistantSays>
              </>
            ) : null}
            {busy ? <TypingIndicator /> : null}
            <li ref={end} aria-hidden="true" className="h-0" />
          </ol>
        </div>

        <div className="flex flex-col gap-4 border-t border-slate-200 bg-slate-50/60 p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-950/40">
          {problem ? (
            <Alert tone="warning" size="sm" role="alert">
              {problem.message}
            </Alert>
          ) : null}
          <Answers chat={chat} step={step} onward={onward} />
          <div className="flex flex-wrap gap-2 text-sm empty:hidden">
            {step === "occupation" ? null : (
              <Button variant="ghost" size="sm" disabled={!chat.canGoBack} onClick={chat.back}>
                <span aria-hidden="true">←</span> Back
              </Button>
            )}
            {answered ? (
              <Button variant="ghost" size="sm" disabled={busy} onClick={chat.restart}>
                Start over
              </Button>
            ) : null}
          </div>
        </div>
      </Card>
    </section>
  );
}

function Answers({
  chat,
  step,
  onward,
}: {
  chat: ReturnType<typeof useOnboardingChat>;
  step: OnboardingStep;
  onward: () => void;
}) {
  const { answer, busy } = chat;
  const words = answer.occupation ? occupationWords(answer.occupation) : [];
  // Free text where the model can read it: the main questions, not the follow-up's four types.
  const typedStep =
    step === "occupation" || step === "interests" || step === "motives" ? step : null;
  return (
    <>
      {step === "occupation" ? (
        <SingleChoice
          id={step}
          label={QUESTIONS.occupation}
          choices={OCCUPATION_OPTIONS}
          current={
            chat.selfEmployed
              ? "Self-employed"
              : (words[0] as (typeof OCCUPATION_QUESTION_CHOICES)[number])
          }
          disabled={busy}
          onChoose={chat.chooseOccupation}
        />
      ) : null}
      {step === "self_employed" ? (
        <SingleChoice
          id={step}
          label={QUESTIONS.self_employed}
          choices={SELF_EMPLOYED_OPTIONS}
          current={words[1] as SelfEmployedChoice | undefined}
          disabled={busy}
          onChoose={chat.chooseSelfEmployed}
        />
      ) : null}
      {step === "interests" ? (
        <MultiChoice
          id={step}
          label={QUESTIONS.interests}
          choices={INTEREST_OPTIONS}
          initial={answer.interests}
          disabled={busy}
          onSubmit={chat.chooseInterests}
        />
      ) : null}
      {step === "motives" ? (
        <MultiChoice
          id={step}
          label={QUESTIONS.motives}
          choices={MOTIVE_OPTIONS}
          initial={answer.motives}
          disabled={busy}
          onSubmit={chat.chooseMotives}
        />
      ) : null}
      {answer.freeText && typedStep ? (
        <FreeTextAnswer
          key={typedStep}
          id={`onboarding-${typedStep}`}
          disabled={busy}
          onSend={(text) => chat.say(typedStep, text)}
        />
      ) : null}
      {step === "recommendation" && answer.recommendation ? (
        <>
          <RecommendationCard recommendation={answer.recommendation} />
          <div>
            <Button variant="secondary" size="lg" onClick={onward}>
              Maybe later
            </Button>
          </div>
        </>
      ) : null}
    </>
  );
}
