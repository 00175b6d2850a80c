/** compileLesson's part in issue 20: justified survivors, and check names and SQL messages. */
import { describe, expect, it } from "vitest";
import { compileLesson } from "./compile-lesson.ts";
import { parseLesson } from "./parse-lesson.ts";
import { codeLesson, explanationLesson, PLANETS_SEED, sqlLesson } from "./testing.ts";

const compile = (text: string, chapterSeed?: string) =>
  compileLesson(parseLesson(text), {
    index: 0,
    slug: "a-lesson",
    trackLanguage: "python",
    ...(chapterSeed ? { chapterSeed } : {}),
  });

const withSurvivors = (text: string, yaml: string[]) =>
  text.replace(/^type: (\w+)$/m, `type: $1\nsurvivors:\n${yaml.join("\n")}`);

const WHY = "The title line is decoration; the checks test the loop.";

describe("compileLesson: justified survivors", () => {
  it("keeps the survivors a code lesson justifies", () => {
    const result = compile(
      withSurvivors(codeLesson(), ["  - mutant: drop-line@main.py:2", `    why: ${WHY}`]),
    );
    expect(result.problems).toEqual([]);
    expect(result.compiled?.survivors).toEqual([{ mutant: "drop-line@main.py:2", why: WHY }]);
    expect(compile(codeLesson()).compiled?.survivors).toEqual([]);
  });

  it("names an unknown mutator, a missing reason, a key listed twice, on the survivors line", () => {
    const bad = withSurvivors(codeLesson(), ["  - mutant: typo@main.py:2", `    why: ${WHY}`]);
    const line = bad.split("\n").findIndex((l) => l.startsWith("survivors:")) + 1;
    expect(compile(bad).problems).toEqual([
      { line, message: expect.stringMatching(/^front matter survivors\.0\.mutant: write the key/) },
    ]);
    const noWhy = withSurvivors(codeLesson(), ["  - mutant: literal@main.py:2", "    why: ok"]);
    expect(compile(noWhy).problems[0]?.message).toMatch(/survivors\.0\.why: say in a sentence/);
    const twice = withSurvivors(codeLesson(), [
      "  - mutant: literal@main.py:2",
      `    why: ${WHY}`,
      "  - mutant: literal@main.py:2",
      `    why: ${WHY}`,
    ]);
    expect(compile(twice).problems).toEqual([
      { line, message: "survivors: literal@main.py:2 is listed twice" },
    ]);
  });

  it("refuses survivors on a lesson without checks", () => {
    const text = withSurvivors(explanationLesson(), [
      "  - mutant: literal@main.py:2",
      `    why: ${WHY}`,
    ]);
    expect(compile(text).problems).toEqual([
      {
        line: 5,
        message: "survivors: a explanation lesson has no checks, so no mutants to justify",
      },
    ]);
  });
});

describe("compileLesson: character references in what the checks list", () => {
  it("refuses one in a check's name, which the learner reads pass or fail", () => {
    const text = codeLesson().replace(
      '@test("Prints Hello, world!")',
      '@test("Prints &quot;Hi&quot;")',
    );
    expect(compile(text).problems).toEqual([
      {
        line: expect.any(Number),
        message:
          "a check's name is shown as plain text, so &quot; would show as written: type the character itself",
      },
    ]);
  });

  it("refuses one in an SQL check's name or message", () => {
    const text = sqlLesson().replace("Select the name column.", "Select the &lt;name&gt; column.");
    expect(compile(text, PLANETS_SEED).problems.map((p) => p.message)).toEqual([
      "a check's message is shown as plain text, so &lt; would show as written: type the character itself",
    ]);
  });
});
