import { describe, expect, it } from "vitest";
import { ruleSummary } from "./flags-page.tsx";

const rule = (part: Partial<Parameters<typeof ruleSummary>[0]> = {}) => ({
  everyone: false,
  roles: [],
  users: [],
  percentage: null,
  startsAt: null,
  value: null,
  ...part,
});

describe("ruleSummary", () => {
  it("says off for a rule that names nobody, whatever its value", () => {
    expect(ruleSummary(rule())).toEqual(["Off for everyone"]);
    expect(ruleSummary(rule({ value: "gpt-4o-mini" }))).toEqual(["Off for everyone"]);
  });

  it("names who the flag is on for, then the model a valued flag gives them", () => {
    expect(
      ruleSummary(
        rule({
          roles: ["course_engineer"],
          users: [{ id: "u1", email: "ada@example.com" }],
          percentage: 10,
          value: "claude-3-5-haiku-20241022",
        }),
      ),
    ).toEqual([
      "Role: course_engineer",
      "1 user",
      "10% of users",
      "Model: claude-3-5-haiku-20241022",
    ]);
  });
});
