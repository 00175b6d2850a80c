/**
 * Pages the server draws in full (issue 17): the glossary (/glossary/{language} and a page per
 * term), sitemap.xml and robots.txt, so that search engines read them without JavaScript.
 * Mounted before the web app; a glossary page is the web app's page with its content drawn in
 * (drawn-document.ts), and a real 404 for an unknown language or term.
 */
import { Hono } from "hono";
import { publicOrigin } from "../auth/client-ip.ts";
import type { AppEnv } from "../context.ts";
import type { WebPage } from "../http/web-page.ts";
import { drawnDocument } from "./drawn-document.ts";
import { glossaryPage } from "./glossary-pages.ts";
import { robotsTxt, sitemapXml } from "./sitemap.ts";

/** /glossary/{language} or /glossary/{language}/{slug}, with or without a trailing slash. */
const GLOSSARY_PATH = /^\/glossary\/([^/]+)(?:\/([^/]+))?\/?$/;

function decoded(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

export function publicPagesRoutes(webPage?: WebPage) {
  const app = new Hono<AppEnv>();
  const productName = (fallback: string) => webPage?.productName ?? fallback;

  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(robotsTxt(publicOrigin(c)));
  });
  app.get("/sitemap.xml", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    c.header("Content-Type", "application/xml; charset=utf-8");
    const { catalog } = c.get("deps");
    return c.body(
      sitemapXml(publicOrigin(c), { tracks: catalog.tracks(), glossary: catalog.glossary() }),
    );
  });
  app.get("/glossary/*", (c) => {
    const match = GLOSSARY_PATH.exec(c.req.path);
    const { catalog, env } = c.get("deps");
    const page = glossaryPage({
      glossary: catalog.glossary(),
      language: decoded(match?.[1]) ?? "",
      slug: decoded(match?.[2]),
      origin: publicOrigin(c),
      productName: productName(env.PRODUCT_NAME),
    });
    c.header("Cache-Control", "no-cache");
    const screen = match?.[2] === undefined ? "/glossary/$language" : "/glossary/$language/$slug";
    return c.html(drawnDocument(page, webPage, screen), page.status);
  });
  return app;
}
