/**
 * The onboarding chat's script: what the assistant asks at each step, the words of each choice
 * (spec section 4's occupation labels from @lumen/core), and the transcript drawn from the stored
 * answers up to the question being asked. Pure: the screen renders what this returns.
 */
import type { OnboardingAnswer } from "@lumen/contracts";
import {
  INTEREST_LABELS,
  type Interest,
  MOTIVE_LABELS,
  type Motive,
  OCCUPATION_CHOICES,
  type Occupation,
  type OnboardingStep,
  SELF_EMPLOYED,
  SELF_EMPLOYED_CHOICES,
} from "@lumen/core";

export const QUESTIONS: Record<Exclude<OnboardingStep, "recommendation">, string> = {
  occupation: "First, what do you do?",
  self_employed: "Nice! What kind of self-employed are you?",
  interests: "What would you like to build? Pick as many as you like.",
  motives: "And why do you want to learn to code? Pick all that apply.",
};

/** The question's number of three, for "Question 2 of 3" (the follow-up shares the first's). */
export const QUESTION_NUMBER: Record<OnboardingStep, number | null> = {
  occupation: 1,
  self_employed: 1,
  interests: 2,
  motives: 3,
  recommendation: null,
};
export const QUESTION_COUNT = 3;

export interface ChatMessage {
  id: string;
  from: "assistant" | "learner";
  text: string;
}

/** What the learner typed in this visit, by step: shown instead of the choice's words. */
export type TypedAnswers = Partial<Record<"occupation" | "interests" | "motives", string>>;

type Answers = Pick<OnboardingAnswer, "occupation" | "interests" | "motives">;

/**
 * The words of a stored occupation, as the learner picked them: one answer, or "Self-employed"
 * and its type. "other" is either question's last choice; the main question's is shown.
 */
export function occupationWords(occupation: Occupation): string[] {
  const main = Object.entries(OCCUPATION_CHOICES).find(([, value]) => value === occupation);
  if (main) return [main[0]];
  const type = Object.entries(SELF_EMPLOYED_CHOICES).find(([, value]) => value === occupation);
  return type ? [SELF_EMPLOYED, type[0]] : [];
}

export const interestWords = (interests: readonly Interest[]) =>
  interests.map((i) => INTEREST_LABELS[i]).join(", ");
export const motiveWords = (motives: readonly Motive[]) =>
  motives.map((m) => MOTIVE_LABELS[m]).join(", ");

/** The order of the steps as asked; the follow-up only after "Self-employed". */
const ORDER: OnboardingStep[] = [
  "occupation",
  "self_employed",
  "interests",
  "motives",
  "recommendation",
];
const before = (a: OnboardingStep, b: OnboardingStep) => ORDER.indexOf(a) < ORDER.indexOf(b);

/**
 * The transcript up to the question `step` asks: the greeting, then each question and the
 * learner's answer, then the question itself (or, at the end, the lead-in to the recommendation).
 * `selfEmployed` says the learner answered "Self-employed" (the follow-up is part of the story).
 */
export function chatTranscript(options: {
  step: OnboardingStep;
  answers: Answers;
  typed?: TypedAnswers;
  selfEmployed: boolean;
  assistantName: string;
}): ChatMessage[] {
  const { step, answers, typed = {}, selfEmployed, assistantName } = options;
  const messages: ChatMessage[] = [
    {
      id: "hello",
      from: "assistant",
      text: `Hi, I'm ${assistantName}! Three quick questions and I'll suggest where to start.`,
    },
    { id: "q-occupation", from: "assistant", text: QUESTIONS.occupation },
  ];
  const say = (id: string, from: ChatMessage["from"], text: string) =>
    messages.push({ id, from, text });

  if (step === "self_employed") {
    say("a-occupation", "learner", SELF_EMPLOYED);
    say("q-self_employed", "assistant", QUESTIONS.self_employed);
    return messages;
  }
  if (step === "occupation") return messages;

  const words = answers.occupation ? occupationWords(answers.occupation) : [];
  if (typed.occupation) {
    say("a-occupation", "learner", typed.occupation);
    if (answers.occupation) say("r-occupation", "assistant", `Got it: ${words.at(-1)}.`);
  } else if (words.length === 2 || selfEmployed) {
    say("a-occupation", "learner", SELF_EMPLOYED);
    say("q-self_employed", "assistant", QUESTIONS.self_employed);
    // "other" reads back as the main question's words; after "Self-employed" it was "None".
    const type = words.length === 2 ? words[1] : answers.occupation === "other" ? "None" : null;
    if (type) say("a-self_employed", "learner", type);
  } else if (words[0]) {
    say("a-occupation", "learner", words[0]);
  }

  say("q-interests", "assistant", QUESTIONS.interests);
  if (before(step, "motives")) return messages;
  say("a-interests", "learner", typed.interests ?? interestWords(answers.interests));
  if (typed.interests)
    say("r-interests", "assistant", `Got it: ${interestWords(answers.interests)}.`);

  say("q-motives", "assistant", QUESTIONS.motives);
  if (before(step, "recommendation")) return messages;
  say("a-motives", "learner", typed.motives ?? motiveWords(answers.motives));
  if (typed.motives) say("r-motives", "assistant", `Got it: ${motiveWords(answers.motives)}.`);
  say("recommend", "assistant", "Thanks! Here's where I'd start.");
  return messages;
}

/** The step before this one, for the chat's back button; null at the first question. */
export function previousStep(step: OnboardingStep, selfEmployed: boolean): OnboardingStep | null {
  switch (step) {
    case "occupation":
      return null;
    case "self_employed":
      return "occupation";
    case "interests":
      return selfEmployed ? "self_employed" : "occupation";
    case "motives":
      return "interests";
    case "recommendation":
      return "motives";
  }
}

/** Why the track was chosen, as the recommendation says it. */
export function becauseWords(because: Interest | null): string {
  if (because === null || because === "not_sure") {
    return "A friendly first language while you find out what you enjoy.";
  }
  const label = INTEREST_LABELS[because];
  return `Because you want to ${label.charAt(0).toLowerCase()}${label.slice(1)}.`;
}
