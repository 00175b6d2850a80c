/**
 * A drawn page as the document sent: the web app's page (web-page.ts) with the page's own title
 * and head tags, the answers the app asks for first, and the content before the app's root, so
 * that the page reads in full without JavaScript and the app takes it over once loaded (it
 * removes the drawn content, apps/web/src/first-paint/release.ts). Without a built web app (API
 * only, some tests) the content stands alone in a minimal document.
 */
import { escapeHtml } from "@lumen/lesson-view";
import type { WebPage } from "../http/web-page.ts";
import type { DrawnPage } from "./glossary-pages.ts";
import { headTags, jsonForScript } from "./page-head.ts";

const TITLE = /<title>[\s\S]*?<\/title>/;
const APP_ROOT = '<div id="app"></div>';

export function drawnDocument(page: DrawnPage, webPage: WebPage | undefined, screenPath: string) {
  const title = `<title>${escapeHtml(page.head.title)}</title>`;
  const prefetch = Object.keys(page.prefetch).length
    ? `<script id="lumen-prefetch" type="application/json">${jsonForScript(page.prefetch)}</script>`
    : "";
  const head = `${headTags(page.head)}${prefetch}`;
  if (!webPage) {
    return `<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">${title}${head}</head><body>${page.paint}</body></html>`;
  }
  const template = webPage.render(screenPath);
  const titled = TITLE.test(template)
    ? template.replace(TITLE, () => title)
    : template.replace("</head>", () => `${title}</head>`);
  return titled
    .replace("</head>", () => `${head}</head>`)
    .replace(APP_ROOT, () => `${page.paint}${APP_ROOT}`);
}
