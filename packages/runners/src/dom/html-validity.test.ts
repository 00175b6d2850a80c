import { describe, expect, it } from "vitest";
import { htmlProblems, validHtmlTest, withValidHtml } from "./html-validity.ts";

const problems = (html: string) =>
  htmlProblems("index.html", html).map((p) => `${p.line}:${p.column} ${p.message}`);

describe("htmlProblems: what a browser repairs without a word", () => {
  it("finds nothing in a correct page, a fragment without a doctype included", () => {
    expect(problems("<!-- Add your heading below -->\n<h1>Hello, web!</h1>\n")).toEqual([]);
    expect(
      problems(
        '<!DOCTYPE html>\n<html lang="en">\n<head><title>Cats</title></head>\n<body>\n<main><h1>Cats</h1><p>One\n<ul><li>a<li>b</ul><img src="a.png" alt="a"><br></main>\n</body>\n</html>\n',
      ),
    ).toEqual([]);
  });

  it("reports an element never closed, at its opening tag", () => {
    expect(problems("<!-- Add your heading below -->\n<h1>Hello, web!\n")).toEqual([
      "2:1 the <h1> is never closed. Add </h1> where it should end.",
    ]);
  });

  it("reports tags closed in the wrong order", () => {
    expect(problems("<p><b><i>bold italic</b></i></p>")).toEqual([
      "1:7 the <i> is closed in the wrong order: its </i> on line 1 comes after the end of an element around it. Close the last opened tag first.",
    ]);
  });

  it("reports a stray end tag, and one whose element had already ended", () => {
    expect(problems("<h1>Title</h1>\n</div>\n")).toEqual([
      "2:1 </div> has no <div> to close. Remove it, or add the opening tag before it.",
    ]);
    expect(problems("<p><div>block</div></p>")).toEqual([
      "1:20 </p> has no open <p> to close: the <p> on line 1 had already ended, where an element it cannot hold began.",
    ]);
  });

  it("reports an id used twice and an attribute given twice", () => {
    expect(
      problems('<p id="intro">a</p>\n<p id="intro">b</p>\n<p class="a" class="b">c</p>'),
    ).toEqual([
      '2:1 the id "intro" is already used on line 1. An id may be used once in a page.',
      "3:19 a tag has the same attribute twice. Keep one of them.",
    ]);
  });

  it("does not take text for tags: comments, scripts, styles and attribute values", () => {
    expect(
      problems(
        "<!-- </div> -->\n<script>if (a </b) {}</script>\n<style>p::after { content: '</p>'; }</style>\n<p title=\"</p>\">x</p>",
      ),
    ).toEqual([]);
  });
});

describe("the valid-HTML check", () => {
  const files = [{ name: "index.html", content: "<h1>Hi\n<p id=a>x</p><p id=a>y</p>" }];

  it("names the first problem with its line and counts the rest", () => {
    expect(validHtmlTest(files)).toEqual({
      name: "Valid HTML",
      status: "failed",
      message:
        "Line 1 of index.html: the <h1> is never closed. Add </h1> where it should end. (1 more problem after this one.)",
    });
  });

  it("comes first and fails the run only when the request requires it", () => {
    const result = {
      status: "passed" as const,
      durationMs: 1,
      console: [],
      tests: [{ name: "Has a heading", status: "passed" as const }],
    };
    expect(withValidHtml({ language: "html", files }, result)).toBe(result);
    const checked = withValidHtml({ language: "html", files, requires: ["valid-html"] }, result);
    expect(checked.status).toBe("failed");
    expect(checked.tests.map((t) => t.name)).toEqual(["Valid HTML", "Has a heading"]);
  });
});
