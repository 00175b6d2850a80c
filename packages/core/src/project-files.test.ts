import { describe, expect, it } from "vitest";
import {
  cleanProjectName,
  PROJECT_LIMITS,
  projectFilesProblem,
  projectPathProblem,
} from "./project-files.ts";

describe("projectPathProblem", () => {
  it("accepts ordinary paths with folders", () => {
    expect(projectPathProblem("main.py")).toBeNull();
    expect(projectPathProblem("src/components/App.tsx")).toBeNull();
    expect(projectPathProblem(".env.example")).toBeNull();
  });

  it("refuses traversal, empty segments, absolute paths and odd characters", () => {
    expect(projectPathProblem("")).toBe("empty");
    expect(projectPathProblem("../etc/passwd")).toBe("bad_segment");
    expect(projectPathProblem("/etc/passwd")).toBe("bad_segment");
    expect(projectPathProblem("a//b")).toBe("bad_segment");
    expect(projectPathProblem("a/./b")).toBe("bad_segment");
    expect(projectPathProblem(" a.py")).toBe("bad_segment");
    expect(projectPathProblem("a\\b")).toBe("bad_character");
    expect(projectPathProblem("c:thing")).toBe("bad_character");
    expect(projectPathProblem("a\u0000b")).toBe("bad_character");
    expect(projectPathProblem("a/b/c/d/e")).toBe("too_deep");
    expect(projectPathProblem("x".repeat(PROJECT_LIMITS.pathLength + 1))).toBe("too_long");
  });
});

describe("projectFilesProblem", () => {
  const file = (path: string, content = "") => ({ path, content });

  it("accepts a template-sized project", () => {
    expect(projectFilesProblem([file("index.html"), file("style.css"), file("app.js")])).toBeNull();
  });

  it("names the limit that was passed", () => {
    const many = Array.from({ length: PROJECT_LIMITS.files + 1 }, (_, i) => file(`f${i}.py`));
    expect(projectFilesProblem(many)?.kind).toBe("too_many_files");
    expect(
      projectFilesProblem([file("big.py", "x".repeat(PROJECT_LIMITS.fileBytes + 1))]),
    ).toMatchObject({
      kind: "file_too_large",
      path: "big.py",
    });
    const halves = Array.from({ length: 6 }, (_, i) => file(`p${i}.py`, "x".repeat(90_000)));
    expect(projectFilesProblem(halves)?.kind).toBe("project_too_large");
  });

  it("counts bytes, not characters", () => {
    const emoji = "😀".repeat(PROJECT_LIMITS.fileBytes / 4 + 1);
    expect(projectFilesProblem([file("e.txt", emoji)])?.kind).toBe("file_too_large");
  });

  it("refuses two files that differ only in case, and a file that is also a folder", () => {
    expect(projectFilesProblem([file("App.js"), file("app.js")])?.kind).toBe("duplicate_path");
    expect(projectFilesProblem([file("src"), file("src/a.js")])).toMatchObject({
      kind: "duplicate_path",
      path: "src",
    });
  });
});

describe("cleanProjectName", () => {
  it("trims and folds spaces, refusing empty and over-long names", () => {
    expect(cleanProjectName("  My   game ")).toBe("My game");
    expect(cleanProjectName("   ")).toBeNull();
    expect(cleanProjectName("x".repeat(PROJECT_LIMITS.nameLength + 1))).toBeNull();
  });
});
