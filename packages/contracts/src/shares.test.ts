import { describe, expect, it } from "vitest";
import {
  createShareBodySchema,
  SHARE_CODE_PATTERN,
  shareLanguageLabel,
  shareRunLanguage,
  shareTemplate,
} from "./shares.ts";

describe("a share's runtime", () => {
  it("runs a template with its runner and a lesson with its language's", () => {
    expect(shareRunLanguage("web")).toBe("html");
    expect(shareRunLanguage("react-ts")).toBe("tsx");
    expect(shareRunLanguage("python")).toBe("python");
    expect(shareRunLanguage("css")).toBe("css");
    expect(shareRunLanguage("cobol")).toBe("javascript");
  });

  it("becomes the nearest project template when duplicated", () => {
    expect(shareTemplate("sql")).toBe("sql");
    expect(shareTemplate("react-ts")).toBe("react-ts");
    expect(shareTemplate("css")).toBe("web");
    expect(shareTemplate("jsx")).toBe("react-ts");
    expect(shareTemplate("typescript")).toBe("javascript");
  });

  it("has a name people read", () => {
    expect(shareLanguageLabel("web")).toBe("HTML/CSS/JS");
    expect(shareLanguageLabel("tsx")).toBe("React + TypeScript");
  });
});

describe("the create body", () => {
  it("takes a project id or a lesson's place, nothing else", () => {
    expect(
      createShareBodySchema.safeParse({
        kind: "project",
        projectId: "0b6f1c2e-6d1f-4f57-9a59-8b3f6d2b2c11",
      }).success,
    ).toBe(true);
    expect(createShareBodySchema.safeParse({ kind: "project", projectId: "1" }).success).toBe(
      false,
    );
    const lesson = { kind: "lesson", trackId: 1, tutorialId: 2, chapterId: 3, lessonId: 4 };
    expect(createShareBodySchema.safeParse(lesson).success).toBe(true);
    expect(createShareBodySchema.safeParse({ ...lesson, lessonId: -1 }).success).toBe(false);
    expect(createShareBodySchema.safeParse({ kind: "file" }).success).toBe(false);
  });

  it("recognises codes by their shape", () => {
    expect(SHARE_CODE_PATTERN.test("aZ09aZ09aZ09")).toBe(true);
    expect(SHARE_CODE_PATTERN.test("aZ09aZ09aZ0")).toBe(false);
    expect(SHARE_CODE_PATTERN.test("aZ09aZ09aZ0-")).toBe(false);
  });
});
