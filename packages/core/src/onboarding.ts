/**
 * The onboarding chat's questions after the occupation (spec section 4 lists the occupation
 * mapping; occupation.ts): what the learner wants to build (interests) and why they learn
 * (motives), with the words the chat shows, and the chat's steps in order. The spec does not show
 * these answers; these are ours, chosen to fit the tracks we teach.
 */
import { z } from "./zod.ts";

/** The chat's steps, in order. "self_employed" is asked only after "Self-employed". */
export const ONBOARDING_STEPS = [
  "occupation",
  "self_employed",
  "interests",
  "motives",
  "recommendation",
] as const;
export const onboardingStepSchema = z.enum(ONBOARDING_STEPS);
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

/** What the learner wants to make, in the order shown; each leads to the tracks that teach it. */
export const INTEREST_LABELS = {
  websites: "Build websites",
  apps: "Make apps with React",
  games: "Make games and interactive pages",
  data: "Work with data",
  automation: "Automate boring tasks",
  ai: "Explore AI and data science",
  not_sure: "Not sure yet",
} as const;
export type Interest = keyof typeof INTEREST_LABELS;
export const INTERESTS = Object.keys(INTEREST_LABELS) as [Interest, ...Interest[]];
export const interestSchema = z.enum(INTERESTS);

/** Why the learner is here, in the order shown; each suggests how much to do a day. */
export const MOTIVE_LABELS = {
  career: "Start a career in tech",
  work: "Use code in my job",
  project: "Build my own project or business",
  school: "Do well at school or university",
  curiosity: "Learn something new for fun",
  sharp: "Keep my mind sharp",
} as const;
export type Motive = keyof typeof MOTIVE_LABELS;
export const MOTIVES = Object.keys(MOTIVE_LABELS) as [Motive, ...Motive[]];
export const motiveSchema = z.enum(MOTIVES);

/** A list of answers: one to all of them, each once, in the order picked. */
const eachOnce = (list: readonly string[]) => new Set(list).size === list.length;
export const interestsSchema = z
  .array(interestSchema)
  .check(z.minLength(1), z.maxLength(INTERESTS.length), z.refine(eachOnce, "each answer once"));
export const motivesSchema = z
  .array(motiveSchema)
  .check(z.minLength(1), z.maxLength(MOTIVES.length), z.refine(eachOnce, "each answer once"));
