/**
 * Markup a learner would see by mistake (issue 13, item 5). A lesson's Markdown becomes HTML that
 * the app shows as markup, so raw HTML typed into it (`<Banner />`) would be taken for a tag and
 * vanish, or worse; the renderer escapes it, and the content checks refuse it. Plain-text fields
 * (titles, tokens, check messages) are shown as written, so a character reference in them
 * (`&quot;`, `&#39;`, `&lt;`) would reach the learner as those very characters.
 */
import { Marked, type Token } from "marked";
import type { Problem } from "./parse-lesson.ts";

/** A character reference, named or numbered: `&quot;`, `&#39;`, `&#x27;`. */
const CHARACTER_REFERENCE = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The one Markdown renderer of lesson text: GitHub's dialect, with raw HTML shown as the text it
 * is. The HTML it gives holds only the tags Markdown itself makes (paragraphs, code, emphasis,
 * lists, links), so the app can show it as markup.
 */
export const lessonMarkdown = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
});

function rawHtmlIn(markdown: string): string[] {
  const found: string[] = [];
  const tokens = lessonMarkdown.lexer(markdown);
  lessonMarkdown.walkTokens(tokens, (token: Token) => {
    if (token.type === "html" && token.raw.trim()) found.push(token.raw.trim());
  });
  return found;
}

/** The line of `needle` in `text`, counting `text`'s first line as `firstLine`. */
function lineOf(text: string, needle: string, firstLine: number): number {
  const at = text.indexOf(needle);
  if (at < 0) return firstLine;
  return firstLine + (text.slice(0, at).match(/\n/g)?.length ?? 0);
}

/**
 * Raw HTML written in lesson Markdown starting on `firstLine`: each is a problem on its line,
 * asking for a code span instead.
 */
export function rawHtmlProblems(markdown: string, firstLine: number): Problem[] {
  return rawHtmlIn(markdown).map((html) => ({
    line: lineOf(markdown, html, firstLine),
    message: `raw HTML ${html} in Markdown would be read as a tag and not shown: write code in backticks (\`${html}\`)`,
  }));
}

/** The character reference in a plain-text value, if it has one. */
export function characterReference(text: string): string | undefined {
  return text.match(CHARACTER_REFERENCE)?.[0];
}

/** A problem when plain text (a title, a token, a message) holds a character reference. */
export function escapedTextProblem(text: string, line: number, what: string): Problem | undefined {
  const reference = characterReference(text);
  if (!reference) return undefined;
  return {
    line,
    message: `${what} is shown as plain text, so ${reference} would show as written: type the character itself`,
  };
}
