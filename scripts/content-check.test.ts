/**
 * The content check catches broken lessons: a solution that no longer passes, and a check that can
 * no longer fail. Runs the real script on a one-chapter copy of the Python track.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(fileURLToPath(import.meta.url), "../..");
const chapter = "tracks/python/01-hello-python/01-first-steps";
const lesson = `${chapter}/02-print-a-greeting.md`;
let dir: string | undefined;

function smallContent(): string {
  dir = mkdtempSync(path.join(tmpdir(), "lumen-content-check-"));
  const tutorial = path.join(dir, "tracks/python/01-hello-python");
  cpSync(path.join(root, "content", chapter), path.join(dir, chapter), { recursive: true });
  cpSync(
    path.join(root, "content/tracks/python/01-hello-python/tutorial.yaml"),
    path.join(tutorial, "tutorial.yaml"),
  );
  // The tests justify the lesson's survivors themselves: the copy starts without the real file's.
  const copy = path.join(dir, lesson);
  writeFileSync(copy, readFileSync(copy, "utf8").replace(/^survivors:\n(?: {2}.*\n)+/m, ""));
  writeFileSync(
    path.join(dir, "tracks/python/track.yaml"),
    "id: 1\ntitle: Python\ndescription: A test copy.\nlanguage: python\nsections:\n  - title: Foundations\n    tutorials: [hello-python]\n",
  );
  return dir;
}

function check(contentDir: string, ...flags: string[]) {
  return spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/tsx/dist/cli.mjs"),
      path.join(root, "scripts/content-check.ts"),
      "--content",
      contentDir,
      ...flags,
    ],
    { cwd: root, encoding: "utf8" },
  );
}

function edit(contentDir: string, change: (text: string) => string) {
  const file = path.join(contentDir, lesson);
  writeFileSync(file, change(readFileSync(file, "utf8")));
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("npm run content:check", { timeout: 120_000 }, () => {
  it("passes on the chapter as written", () => {
    // Mutation testing has tests of its own below (the copy starts without its justifications).
    const result = check(smallContent(), "--mutants=off");
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("every solution passes");
  });

  it("fails when a solution is broken", () => {
    const contentDir = smallContent();
    edit(contentDir, (text) =>
      text.replace(
        '# Write your code below\nprint("Hello, world!")',
        '# Write your code below\nprint("Hello, world")',
      ),
    );
    const result = check(contentDir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`content/${lesson}: the solution does not pass`);
  });

  it("fails when a check can no longer fail", () => {
    const contentDir = smallContent();
    edit(contentDir, (text) =>
      text
        .replace(/assert stdout\.strip\(\) == "Hello, world!", .*\n/, "assert True\n")
        .replace(/assert calls\("print"\), .*\n/, "assert True\n"),
    );
    const result = check(contentDir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("the starter code already passes the checks");
    expect(result.stderr).toContain("the wrong answer passes the checks");
  });

  it("fails, naming the file and line, on markup a learner would see as written", () => {
    const contentDir = smallContent();
    edit(contentDir, (text) =>
      text.replace(
        '"Use print() to show the text."',
        '"Use print() to show &quot;the text&quot;."',
      ),
    );
    const quiz = path.join(contentDir, chapter, "03-strings-need-quotes.md");
    writeFileSync(
      quiz,
      readFileSync(quiz, "utf8").replace(
        "  > Right: the text is in quotes",
        "  > Right: <b>the text</b> is in quotes",
      ),
    );
    const result = check(contentDir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `content/${lesson}:37: the message of "Calls print" is shown as plain text, so &quot; would show as written`,
    );
    expect(result.stderr).toContain(
      `${chapter}/03-strings-need-quotes.md:19: raw HTML <b> in Markdown would be read as a tag and not shown`,
    );
  });

  it("prints the mutation figures and names each survivor with its key and diff", () => {
    const result = check(smallContent());
    // The survivor is unjustified and the chapter small: above the gate, so the check fails.
    expect(result.status, result.stderr).toBe(1);
    expect(result.stdout).toContain("Mutation testing");
    expect(result.stdout).toContain("Survivors in python:");
    expect(result.stdout).toMatch(
      /1010102 content\/tracks\/python\/.*02-print-a-greeting\.md\n\s+hard-code-output@main\.py:1 {2}- \(the whole program\) \+ print\("Hello, world!"\)/,
    );
    expect(result.stderr).toContain("python: more than 5 % of its mutants survive unjustified");
    const off = check(dir!, "--mutants=off");
    expect(off.stdout).toContain("mutants: off");
    expect(off.stdout).not.toContain("Mutation testing");
  });

  it("takes a justified survivor off the count, and fails on a stale justification", {
    timeout: 300_000,
  }, () => {
    const contentDir = smallContent();
    const justify = (key: string) =>
      edit(contentDir, (text) =>
        text.replace(
          "type: code\n",
          `type: code\nsurvivors:\n  - mutant: ${key}\n    why: Printing the greeting is all this first lesson asks.\n`,
        ),
      );
    justify("hard-code-output@main.py:1");
    const justified = check(contentDir);
    expect(justified.status, justified.stderr).toBe(0);
    expect(justified.stdout).not.toContain("Survivors in python:");
    edit(contentDir, (text) =>
      text.replace(
        "survivors:\n",
        "survivors:\n  - mutant: drop-line@main.py:2\n    why: A justification for a mutant the checks kill.\n",
      ),
    );
    const stale = check(contentDir);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain(
      `content/${lesson}:1: survivors: drop-line@main.py:2 is not a surviving mutant any more`,
    );
  });
});
