import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UserMarkdown } from "./user-markdown.tsx";
import { safeUserUrl } from "./user-url.ts";

const render = (source: string) => renderToStaticMarkup(<UserMarkdown source={source} />);

/** Every tag name the markup holds. */
const tags = (html: string) => [...html.matchAll(/<([a-z][a-z0-9]*)/gi)].map((m) => m[1]);

describe("safeUserUrl", () => {
  it("keeps http, https and mailto addresses", () => {
    expect(safeUserUrl("https://example.com/a?b=c")).toBe("https://example.com/a?b=c");
    expect(safeUserUrl("http://example.com")).toBe("http://example.com/");
    expect(safeUserUrl("mailto:someone@example.com")).toBe("mailto:someone@example.com");
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "//evil.example/x",
    "/relative/path",
    "",
  ])("drops %j", (url) => {
    expect(safeUserUrl(url)).toBeUndefined();
  });
});

describe("UserMarkdown", () => {
  it("draws paragraphs, emphasis, lists and inline code", () => {
    const html = render("Hello **there** and *you*\n\n- one\n- `two`");
    expect(html).toContain("<strong>there</strong>");
    expect(html).toContain("<em>you</em>");
    expect(html).toMatch(/<ul[^>]*>\s*<li>one<\/li>/);
    expect(html).toMatch(/<code[^>]*>two<\/code>/);
  });

  it("shows raw HTML as text, never as markup", () => {
    const html = render(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\nHi <b onclick="x()">bold</b>',
    );
    expect(tags(html)).not.toContain("script");
    expect(tags(html)).not.toContain("img");
    expect(tags(html)).not.toContain("b");
    expect(html).not.toMatch(/<[^>]+\son\w+=/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("keeps code blocks as text inside pre and code", () => {
    const html = render("```html\n<script>alert('x')</script>\n<div onclick=\"y\">\n```");
    expect(html).toMatch(/<pre[^>]*><code>/);
    expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;");
    expect(tags(html)).not.toContain("script");
  });

  it("gives safe links nofollow ugc noopener and a new tab", () => {
    const html = render("[docs](https://example.com/docs) <https://example.org> www.example.net");
    expect(html).toContain(
      '<a href="https://example.com/docs" rel="nofollow ugc noopener noreferrer" target="_blank"',
    );
    expect(html).toContain('href="https://example.org/"');
    expect(html).toContain('href="http://www.example.net/"');
  });

  it.each([
    "[x](javascript:alert(1))",
    "[x](JAVASCRIPT:alert(1))",
    "[x](&#106;avascript:alert(1))",
    "[x](java&#x09;script:alert(1))",
    "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[x](vbscript:msgbox)",
    "[x]: javascript:alert(1)\n\n[x]",
    "<javascript:alert(1)>",
  ])("drops the target of %j", (source) => {
    const html = render(source);
    expect(html).not.toContain("href=");
    expect(tags(html)).not.toContain("a");
  });

  it("never loads an image: its alt text is shown, as a link when the address is safe", () => {
    const safe = render("![a cat](https://example.com/cat.png)");
    expect(tags(safe)).not.toContain("img");
    expect(safe).toContain('href="https://example.com/cat.png"');
    expect(safe).toContain("[image: a cat]");
    const unsafe = render(
      "![x](data:image/svg+xml,<svg onload=alert(1)>) ![y](javascript:alert(1))",
    );
    expect(tags(unsafe)).not.toContain("img");
    expect(tags(unsafe)).not.toContain("svg");
    expect(unsafe).not.toContain("href=");
  });

  it("decodes entities as text without making markup of them", () => {
    const html = render("&lt;script&gt;alert(1)&lt;/script&gt; &#60;b&#62;x&#60;/b&#62; &amp;");
    expect(tags(html)).toEqual(["div", "p"]);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("draws headings as bold paragraphs, not page headings", () => {
    const html = render("# Big\n\n## Smaller");
    expect(tags(html)).not.toContain("h1");
    expect(tags(html)).not.toContain("h2");
    expect(html).toContain('<p class="font-semibold">Big</p>');
  });

  it("never puts an attribute the source wrote on an element", () => {
    const html = render('[x](https://e.com "title\\" onmouseover=\\"alert(1)")\n\n*a*{onclick=x}');
    expect(html).not.toMatch(/\son\w+="/i);
  });
});
