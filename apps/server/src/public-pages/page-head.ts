/**
 * The <head> tags of a page the server draws for search engines (issue 17): title, description,
 * canonical link, Open Graph and Twitter tags, and JSON-LD. Every value is escaped here.
 */
import { escapeHtml } from "@lumen/lesson-view";

export interface PageHead {
  title: string;
  description: string;
  /** The page's absolute URL, its canonical address. */
  url: string;
  siteName: string;
  type?: "website" | "article";
  /** schema.org data, written as a JSON-LD script. */
  jsonLd?: unknown;
  /** A page that must not be indexed (the not-found page). */
  noindex?: boolean;
}

/** JSON inside a <script> element: nothing in it can close the element. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** The tags that follow the <title> (the title itself is set by the caller). */
export function headTags(head: PageHead): string {
  const e = escapeHtml;
  const meta = (attribute: "name" | "property", key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${e(content)}">`;
  return [
    meta("name", "description", head.description),
    head.noindex
      ? meta("name", "robots", "noindex")
      : `<link rel="canonical" href="${e(head.url)}">`,
    meta("property", "og:type", head.type ?? "website"),
    meta("property", "og:site_name", head.siteName),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:url", head.url),
    meta("name", "twitter:card", "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    head.jsonLd === undefined
      ? ""
      : `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`,
  ].join("");
}
