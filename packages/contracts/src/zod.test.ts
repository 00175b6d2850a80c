/**
 * The contracts are zod/mini schemas. This file loads no classic zod, so the messages below come
 * from the English locale that zod.ts registers: the same text classic zod reported.
 */
import { describe, expect, it } from "vitest";
import {
  analyticsEventSchema,
  lessonIdParamsSchema,
  lessonSummarySchema,
  runRequestSchema,
  syncEventSchema,
} from "./index.ts";

const issues = (result: { success: boolean; error?: { issues: readonly unknown[] } }) =>
  (result.error?.issues ?? []).map((issue) => {
    const { path, message } = issue as { path: PropertyKey[]; message: string };
    return `${path.join(".")}: ${message}`;
  });

describe("contracts on zod/mini", () => {
  it("report classic zod's English messages and paths", () => {
    const result = runRequestSchema.safeParse({
      language: "cobol",
      files: [{ name: "bad name", content: 1 }],
      timeoutMs: 50,
    });
    expect(issues(result)).toEqual([
      'language: Invalid option: expected one of "html"|"css"|"javascript"|"python"|"sql"|"jsx"|"typescript"|"tsx"',
      "files.0.name: a file name uses letters, digits, . _ - and /",
      "files.0.content: Invalid input: expected string, received number",
      "timeoutMs: Too small: expected number to be >=100",
    ]);
    expect(issues(runRequestSchema.safeParse({ language: "python", files: [] }))).toEqual([
      "files: Too small: expected array to have >=1 items",
    ]);
  });

  it("fill defaults with a fresh object on each parse", () => {
    const event = { name: "pageview", at: "2024-03-31T01:30:00+01:00", anonymousId: "a" };
    const first = analyticsEventSchema.parse(event);
    const second = analyticsEventSchema.parse(event);
    expect(first).toEqual({ ...event, properties: {} });
    expect(first.properties).not.toBe(second.properties);
  });

  it("coerce path parameters to positive integers", () => {
    expect(lessonIdParamsSchema.parse({ lessonId: "42" })).toEqual({ lessonId: 42 });
    for (const bad of ["1.5", "0", "-3", "x", "", "9007199254740993"]) {
      expect(issues(lessonIdParamsSchema.safeParse({ lessonId: bad })), bad).toEqual([
        "lessonId: lessonId must be a positive whole number",
      ]);
    }
  });

  it("pick and extend as the method forms did", () => {
    expect(
      lessonSummarySchema.parse({ id: 1, index: 0, title: "Hello", type: "code", slug: "hello" }),
    ).toEqual({ id: 1, index: 0, title: "Hello", type: "code" });
    const completion = {
      trackId: 1,
      tutorialId: 101,
      chapterId: 10101,
      trackVersion: 3,
      timeZone: "Europe/Berlin",
      clientEventId: "6f1c2a52-5b7e-4b8e-9a53-2f7f1d3c9e11",
    };
    expect(syncEventSchema.safeParse({ ...completion, lessonId: 1010101 }).success).toBe(true);
    expect(issues(syncEventSchema.safeParse(completion))).toEqual([
      "lessonId: Invalid input: expected number, received undefined",
    ]);
  });
});
