/**
 * Which link targets user text may carry (issue 17, ADR 0051): absolute http, https and mailto
 * URLs only. Anything else (javascript:, data:, vbscript:, file:, relative paths, protocol-relative
 * "//host" links) is dropped. The URL parser does the normalising, so entity-encoded or
 * whitespace-split schemes ("jav&#x09;ascript:") are judged by what the browser would follow.
 */
const ALLOWED = new Set(["http:", "https:", "mailto:"]);

export function safeUserUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  return ALLOWED.has(parsed.protocol) ? parsed.href : undefined;
}
