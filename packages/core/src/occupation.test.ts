import { describe, expect, it } from "vitest";
import {
  answerOccupationQuestion,
  OCCUPATION_CHOICES,
  OCCUPATION_QUESTION_CHOICES,
  occupationChoiceSchema,
  occupationFromChoice,
  occupationFromSelfEmployedChoice,
  occupationQuestionChoiceSchema,
  occupationSchema,
  SELF_EMPLOYED_CHOICES,
  selfEmployedChoiceSchema,
} from "./occupation.ts";

describe("occupationFromChoice (spec section 4: Onboarding occupation)", () => {
  it.each([
    // "High school student maps to high_school."
    ["High school student", "high_school"],
    // "University student maps to university."
    ["University student", "university"],
    // "Employed maps to employed."
    ["Employed", "employed"],
    // "None of these maps to other."
    ["None of these", "other"],
  ] as const)("maps %s to %s", (choice, value) => {
    expect(occupationFromChoice(choice)).toBe(value);
  });

  it("offers exactly the four choices of the spec, in its order", () => {
    expect(Object.keys(OCCUPATION_CHOICES)).toEqual([
      "High school student",
      "University student",
      "Employed",
      "None of these",
    ]);
  });
});

describe("occupationFromSelfEmployedChoice (spec section 4: Self-employed types)", () => {
  it.each([
    // "Freelancer or professional maps to freelancer"
    ["Freelancer or professional", "freelancer"],
    // "Startup founder maps to startup_founder"
    ["Startup founder", "startup_founder"],
    // "Small business owner maps to small_business_owner"
    ["Small business owner", "small_business_owner"],
    // "None maps to other"
    ["None", "other"],
  ] as const)("maps %s to %s", (choice, value) => {
    expect(occupationFromSelfEmployedChoice(choice)).toBe(value);
  });

  it("offers exactly the four self-employed types of the spec, in its order", () => {
    expect(Object.keys(SELF_EMPLOYED_CHOICES)).toEqual([
      "Freelancer or professional",
      "Startup founder",
      "Small business owner",
      "None",
    ]);
  });
});

describe("occupation schemas", () => {
  it("accept the spec's labels and refuse others", () => {
    expect(occupationChoiceSchema.safeParse("Employed").success).toBe(true);
    expect(occupationChoiceSchema.safeParse("None").success).toBe(false);
    expect(selfEmployedChoiceSchema.safeParse("None").success).toBe(true);
    expect(selfEmployedChoiceSchema.safeParse("None of these").success).toBe(false);
    expect(occupationChoiceSchema.safeParse("employed").success).toBe(false);
  });

  it("accept every value a choice maps to", () => {
    const values = [...Object.values(OCCUPATION_CHOICES), ...Object.values(SELF_EMPLOYED_CHOICES)];
    for (const value of values) expect(occupationSchema.parse(value)).toBe(value);
    expect(occupationSchema.safeParse("retired").success).toBe(false);
  });
});

describe("answerOccupationQuestion (the chat's first question, spec section 4)", () => {
  it.each([
    // "High school student maps to high_school."
    ["High school student", { occupation: "high_school" }],
    // "University student maps to university."
    ["University student", { occupation: "university" }],
    // "Employed maps to employed."
    ["Employed", { occupation: "employed" }],
    // "Self-employed types: ..." — the types are a second question.
    ["Self-employed", { followUp: "self_employed" }],
    // "None of these maps to other."
    ["None of these", { occupation: "other" }],
  ] as const)("answers %s with %j", (choice, outcome) => {
    expect(answerOccupationQuestion(choice)).toEqual(outcome);
  });

  it("asks the spec's four answers and Self-employed, with None of these last", () => {
    expect(OCCUPATION_QUESTION_CHOICES).toEqual([
      "High school student",
      "University student",
      "Employed",
      "Self-employed",
      "None of these",
    ]);
    expect(occupationQuestionChoiceSchema.safeParse("Self-employed").success).toBe(true);
    expect(occupationQuestionChoiceSchema.safeParse("Freelancer or professional").success).toBe(
      false,
    );
  });
});
