import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeHref } from "./markdown.ts";

describe("parseMarkdown", () => {
  it("reads paragraphs, a fenced code block with its language, and lists", () => {
    const blocks = parseMarkdown(
      "Look at line 3.\nIt adds a string.\n\n```python\nprint(1 + '2')\n```\n- first\n- second\n1. one",
    );
    expect(blocks).toEqual([
      { kind: "paragraph", inlines: [{ kind: "text", text: "Look at line 3. It adds a string." }] },
      { kind: "code", language: "python", code: "print(1 + '2')" },
      {
        kind: "list",
        ordered: false,
        items: [[{ kind: "text", text: "first" }], [{ kind: "text", text: "second" }]],
      },
      { kind: "list", ordered: true, items: [[{ kind: "text", text: "one" }]] },
    ]);
  });

  it("shows an unclosed fence (a reply still streaming) as code so far", () => {
    expect(parseMarkdown("```js\nlet a")).toEqual([
      { kind: "code", language: "js", code: "let a" },
    ]);
  });

  it("keeps HTML as text", () => {
    expect(parseMarkdown("<img src=x onerror=alert(1)>")).toEqual([
      { kind: "paragraph", inlines: [{ kind: "text", text: "<img src=x onerror=alert(1)>" }] },
    ]);
  });
});

describe("parseInline", () => {
  it("reads code, bold, italics and site links", () => {
    expect(parseInline("Use `len` **now**, *please*: [Lists](/web/track/1)")).toEqual([
      { kind: "text", text: "Use " },
      { kind: "code", text: "len" },
      { kind: "text", text: " " },
      { kind: "strong", text: "now" },
      { kind: "text", text: ", " },
      { kind: "em", text: "please" },
      { kind: "text", text: ": " },
      { kind: "link", text: "Lists", href: "/web/track/1" },
    ]);
  });

  it("turns links off this site into plain text", () => {
    expect(parseInline("[x](javascript:alert(1))")[0]?.kind).toBe("text");
    expect(parseInline("[x](//evil.example)")).toEqual([
      { kind: "text", text: "[x](//evil.example)" },
    ]);
  });
});

describe("safeHref", () => {
  it("allows site paths only", () => {
    expect(safeHref("/web/learn")).toBe("/web/learn");
    expect(safeHref("https://evil.example")).toBeUndefined();
    expect(safeHref("/\\evil.example")).toBeUndefined();
  });
});
