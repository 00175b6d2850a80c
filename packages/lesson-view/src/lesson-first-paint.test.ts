import { describe, expect, it } from "vitest";
import { escapeHtml, lessonsForMode, renderLessonFirstPaint } from "./lesson-first-paint.ts";

const lessons = [
  { type: "explanation", title: "What is Python?", explanationHtml: "<p>Intro</p>" },
  { type: "code", title: "Print a greeting", explanationHtml: "<p>Print <code>Hi</code></p>" },
  { type: "multiple-choice", title: "Quiz", explanationHtml: "<p>Pick one</p>" },
  { type: "project", title: "Your first program", explanationHtml: "<p>Build it</p>" },
];

const base = {
  productName: "Lumen",
  tutorialTitle: "Hello, Python",
  chapterTitle: "First steps",
  lessons,
  mode: "learn" as const,
  lessonIndex: 1,
};

describe("the server's first paint of a lesson", () => {
  it("shows the place, the position, the title and the author's text of the lesson asked for", () => {
    const html = renderLessonFirstPaint(base) ?? "";
    expect(html).toContain('id="first-paint"');
    expect(html).toContain("Hello, Python · First steps");
    expect(html).toContain("Lesson 2 of 4");
    expect(html).toContain(">Print a greeting</h1>");
    expect(html).toContain("<p>Print <code>Hi</code></p>");
    // A code lesson keeps the editor's place beside the text, so the app's editor lands there.
    expect(html).toContain("lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]");
    // One step per lesson, the current one marked.
    expect(html.match(/<li /g)).toHaveLength(4);
    expect(html.match(/bg-brand-500/g)).toHaveLength(1);
  });

  it("uses one centred column for lessons without an editor", () => {
    const html = renderLessonFirstPaint({ ...base, lessonIndex: 2 }) ?? "";
    expect(html).toContain(">Quiz</h1>");
    expect(html).toContain('class="mx-auto max-w-3xl"');
    expect(html).not.toContain("grid-cols");
  });

  it("counts the challenge mode's lessons as the screen does: code and project only", () => {
    expect(lessonsForMode(lessons, "challenge").map((l) => l.title)).toEqual([
      "Print a greeting",
      "Your first program",
    ]);
    const html = renderLessonFirstPaint({ ...base, mode: "challenge", lessonIndex: 1 }) ?? "";
    expect(html).toContain("Challenge 2 of 2");
    expect(html).toContain(">Your first program</h1>");
    expect(html).toContain(">Practice</span>");
  });

  it("draws nothing for a lesson index past the end or not a whole number", () => {
    expect(renderLessonFirstPaint({ ...base, lessonIndex: 4 })).toBeUndefined();
    expect(renderLessonFirstPaint({ ...base, mode: "challenge", lessonIndex: 2 })).toBeUndefined();
    expect(renderLessonFirstPaint({ ...base, lessonIndex: 1.5 })).toBeUndefined();
  });

  it("escapes every title and the product name; only the author's compiled HTML goes in as is", () => {
    const html =
      renderLessonFirstPaint({
        ...base,
        productName: '<img src=x onerror="alert(1)">',
        tutorialTitle: "<script>alert(1)</script>",
        chapterTitle: "Tom & Jerry's",
        lessons: [{ type: "code", title: '"><b>x</b>', explanationHtml: "<p>ok</p>" }],
        lessonIndex: 0,
      }) ?? "";
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>x</b>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; · Tom &amp; Jerry&#39;s");
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
  });
});
