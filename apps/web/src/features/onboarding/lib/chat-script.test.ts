import { describe, expect, it } from "vitest";
import {
  becauseWords,
  chatTranscript,
  occupationWords,
  previousStep,
  QUESTIONS,
} from "./chat-script.ts";

const none = { occupation: null, interests: [], motives: [] };
const texts = (messages: { from: string; text: string }[]) =>
  messages.map((m) => `${m.from === "assistant" ? "AI" : "Me"}: ${m.text}`);

describe("occupationWords (spec section 4's labels, read back from the stored value)", () => {
  it.each([
    ["high_school", ["High school student"]],
    ["university", ["University student"]],
    ["employed", ["Employed"]],
    ["other", ["None of these"]],
    ["freelancer", ["Self-employed", "Freelancer or professional"]],
    ["startup_founder", ["Self-employed", "Startup founder"]],
    ["small_business_owner", ["Self-employed", "Small business owner"]],
  ] as const)("%s was answered as %j", (value, words) => {
    expect(occupationWords(value)).toEqual(words);
  });
});

describe("chatTranscript", () => {
  const base = { typed: {}, selfEmployed: false, assistantName: "Lumen AI" };

  it("greets as {product} AI and asks the first question", () => {
    expect(texts(chatTranscript({ ...base, step: "occupation", answers: none }))).toEqual([
      "AI: Hi, I'm Lumen AI! Three quick questions and I'll suggest where to start.",
      `AI: ${QUESTIONS.occupation}`,
    ]);
  });

  it("asks the self-employed follow-up after Self-employed", () => {
    expect(
      texts(chatTranscript({ ...base, step: "self_employed", answers: none })).slice(2),
    ).toEqual(["Me: Self-employed", `AI: ${QUESTIONS.self_employed}`]);
  });

  it("tells the whole story before the recommendation", () => {
    const answers = {
      occupation: "small_business_owner" as const,
      interests: ["websites" as const, "data" as const],
      motives: ["project" as const],
    };
    expect(texts(chatTranscript({ ...base, step: "recommendation", answers })).slice(2)).toEqual([
      "Me: Self-employed",
      `AI: ${QUESTIONS.self_employed}`,
      "Me: Small business owner",
      `AI: ${QUESTIONS.interests}`,
      "Me: Build websites, Work with data",
      `AI: ${QUESTIONS.motives}`,
      "Me: Build my own project or business",
      "AI: Thanks! Here's where I'd start.",
    ]);
  });

  it("reads back a self-employed learner's None", () => {
    const transcript = chatTranscript({
      ...base,
      selfEmployed: true,
      step: "interests",
      answers: { ...none, occupation: "other" },
    });
    expect(texts(transcript).slice(2, 5)).toEqual([
      "Me: Self-employed",
      `AI: ${QUESTIONS.self_employed}`,
      "Me: None",
    ]);
  });

  it("shows what the learner typed, and what was understood", () => {
    const transcript = chatTranscript({
      ...base,
      step: "interests",
      answers: { ...none, occupation: "small_business_owner" },
      typed: { occupation: "I run a small bakery" },
    });
    expect(texts(transcript).slice(2)).toEqual([
      "Me: I run a small bakery",
      "AI: Got it: Small business owner.",
      `AI: ${QUESTIONS.interests}`,
    ]);
  });

  it("goes back no further than the question shown (the back button)", () => {
    const answers = { occupation: "employed" as const, interests: ["games" as const], motives: [] };
    expect(texts(chatTranscript({ ...base, step: "interests", answers })).at(-1)).toBe(
      `AI: ${QUESTIONS.interests}`,
    );
  });
});

describe("previousStep", () => {
  it("walks back through the questions asked", () => {
    expect(previousStep("occupation", false)).toBeNull();
    expect(previousStep("self_employed", true)).toBe("occupation");
    expect(previousStep("interests", false)).toBe("occupation");
    expect(previousStep("interests", true)).toBe("self_employed");
    expect(previousStep("motives", false)).toBe("interests");
    expect(previousStep("recommendation", false)).toBe("motives");
  });
});

describe("becauseWords", () => {
  it("says why in the learner's own choice of words", () => {
    expect(becauseWords("websites")).toBe("Because you want to build websites.");
    expect(becauseWords("apps")).toBe("Because you want to make apps with React.");
    expect(becauseWords("not_sure")).toBe(
      "A friendly first language while you find out what you enjoy.",
    );
    expect(becauseWords(null)).toBe(becauseWords("not_sure"));
  });
});
