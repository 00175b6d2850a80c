/**
 * Script injection through every field a learner writes (issue 17): titles and display names,
 * Markdown bodies and replies, file names and code are drawn as text or through the safe
 * renderer; the markup never holds a script, an event handler or a javascript: address.
 */
import type { CommunityComment } from "@lumen/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UserMarkdown } from "../../../ui/user-markdown.tsx";
import { CodeFiles } from "./code-files.tsx";
import { CommentList } from "./comment-list.tsx";

const ATTACKS = [
  "<script>window.__pwned=1</script>",
  '<img src=x onerror="window.__pwned=1">',
  "<svg/onload=alert(1)>",
  "[click](javascript:alert(1))",
  '"><iframe src="javascript:alert(1)"></iframe>',
  "```html\n</code></pre><script>alert(1)</script>\n```",
  "<a href='javascript:alert(1)'>x</a>",
];

/** The real tags of the markup (escaped text holds no "<"). */
const tagsOf = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];

function assertInert(html: string) {
  for (const tag of tagsOf(html)) {
    expect(tag).not.toMatch(/^<(script|img|svg|iframe|object|embed)\b/i);
    expect(tag).not.toMatch(/\son[a-z]+=/i);
    expect(tag).not.toMatch(/(href|src)="\s*javascript:/i);
  }
}

const inClient = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>,
  );

describe("community fields under script injection", () => {
  it.each(ATTACKS)("a post's or reply's Markdown body: %j", (attack) => {
    assertInert(renderToStaticMarkup(<UserMarkdown source={`Hi ${attack} there`} />));
  });

  it.each(ATTACKS)("a reply's author name and body: %j", (attack) => {
    const comment: CommunityComment = {
      id: "1",
      authorName: attack,
      body: attack,
      createdAt: new Date(0).toISOString(),
      mine: true,
      hidden: false,
    };
    assertInert(inClient(<CommentList comments={[comment]} />));
  });

  it.each(ATTACKS)("file names and code: %j", (attack) => {
    const html = renderToStaticMarkup(<CodeFiles files={[{ path: attack, content: attack }]} />);
    assertInert(html);
    // The code is still there, as text the learner can read.
    if (attack.includes("<")) expect(html).toContain("&lt;");
  });
});
