/**
 * The public pages as a search engine reads them (issue 17), against a real database and the
 * published glossary and one track: each glossary page's content in the raw HTML with its own title,
 * description, canonical link, Open Graph tags and JSON-LD; real 404s; sitemap.xml and robots.txt.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createApp } from "../app.ts";
import { CatalogStore } from "../catalog/catalog-store.ts";
import { publishContent } from "../catalog/publish-content.ts";
import { parseEnv } from "../env.ts";

const logger = pino({ level: "silent" });
const source = path.resolve(import.meta.dirname, "../../../../content");
const ORIGIN = "https://learn.example.org";
const LANGUAGES = ["html", "css", "javascript", "python", "sql", "typescript"];

let contentDir: string;
let dist: string;
let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(tmpdir(), "lumen-public-pages-content-"));
  cpSync(path.join(source, "glossary"), path.join(contentDir, "glossary"), { recursive: true });
  // One real track, so that the sitemap has section pages to list.
  cpSync(path.join(source, "tracks/sql"), path.join(contentDir, "tracks/sql"), { recursive: true });
  dist = mkdtempSync(path.join(tmpdir(), "lumen-public-pages-dist-"));
  writeFileSync(
    path.join(dist, "index.html"),
    `<!doctype html><html lang="en"><head><!--lumen:config--><title>%PRODUCT_NAME%</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="app"></div></body></html>`,
  );
  database = await createTestDatabase();
  const published = await publishContent({ db: database.db, contentDir, logger });
  if (!published) throw new Error("the glossary did not publish");
  app = createApp({
    database,
    env: parseEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      PRODUCT_NAME: "Learnly",
      PUBLIC_URL: `${ORIGIN}/`,
    }),
    logger,
    catalog: new CatalogStore(database.db, published),
    webDistDir: dist,
  });
});
afterAll(async () => {
  await database.close();
  rmSync(contentDir, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
});

const glossaryOf = (language: string) =>
  parse(readFileSync(path.join(source, `glossary/${language}.yaml`), "utf8")) as {
    terms: { slug: string; term: string; definition: string }[];
  };

const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "null");
const titleOf = (html: string) => /<title>(.*?)<\/title>/s.exec(html)?.[1];
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

describe("a glossary's page", () => {
  it.each(LANGUAGES)(
    "/glossary/%s lists every term in the raw HTML, with its head",
    async (language) => {
      const res = await app.request(`/glossary/${language}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const { terms } = glossaryOf(language);
      for (const term of terms) {
        expect(html).toContain(`href="/glossary/${language}/${term.slug}"`);
      }
      expect(titleOf(html)).toMatch(
        new RegExp(`glossary: ${terms.length} terms explained · Learnly$`),
      );
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(metaOf(html, "description")).toContain(`${terms.length}`);
      expect(canonicalOf(html)).toBe(`${ORIGIN}/glossary/${language}`);
      expect(metaOf(html, "og:url")).toBe(`${ORIGIN}/glossary/${language}`);
      expect(metaOf(html, "og:title")).toBe(titleOf(html));
      const ld = jsonLd(html);
      expect(ld["@type"]).toBe("DefinedTermSet");
      expect(ld.hasDefinedTerm).toHaveLength(terms.length);
      expect(ld.hasDefinedTerm[0]).toMatchObject({ "@type": "DefinedTerm", name: terms[0]?.term });
      // The app's page around it: the app takes the drawn content over.
      expect(html).toContain('<div id="first-paint"');
      expect(html).toContain('<div id="app"></div>');
      expect(html).toContain('src="/assets/index-1.js"');
    },
  );

  it("draws a term's page with its definition, example and DefinedTerm in its set", async () => {
    const res = await app.request("/glossary/css/selector");
    expect(res.status).toBe(200);
    const html = await res.text();
    const term = glossaryOf("css").terms.find((t) => t.slug === "selector");
    expect(html).toContain("<h1");
    expect(html).toContain(">Selector</h1>");
    expect(html).toContain(".note {");
    expect(titleOf(html)).toBe("Selector in CSS: meaning and example · Learnly");
    expect(metaOf(html, "description")).toContain("The part of a rule that picks which elements");
    expect(canonicalOf(html)).toBe(`${ORIGIN}/glossary/css/selector`);
    expect(jsonLd(html)).toEqual({
      "@context": "https://schema.org",
      "@type": "DefinedTerm",
      "@id": `${ORIGIN}/glossary/css/selector`,
      name: "Selector",
      description: term?.definition,
      termCode: "selector",
      url: `${ORIGIN}/glossary/css/selector`,
      inDefinedTermSet: {
        "@type": "DefinedTermSet",
        "@id": `${ORIGIN}/glossary/css`,
        name: "CSS glossary",
        url: `${ORIGIN}/glossary/css`,
      },
    });
    expect(html).toContain('href="/glossary/css/class-selector"');
  });

  it("names the TypeScript and React glossary in its titles, with its TSX escaped", async () => {
    const html = await (await app.request("/glossary/typescript/props")).text();
    expect(titleOf(html)).toBe("Props in TypeScript and React: meaning and example · Learnly");
    expect(metaOf(html, "description")).toMatch(/See a runnable TypeScript and React example\.$/);
    expect(jsonLd(html).inDefinedTermSet.name).toBe("TypeScript and React glossary");
    expect(html).toContain("&lt;Price amount={5} /&gt;");
    expect(html).not.toMatch(/<code><(?!\/code)/);
    const index = await (await app.request("/glossary/typescript")).text();
    expect(index).toContain(">TypeScript and React glossary</h1>");
  });

  it("escapes what a term says inside the page and its JSON-LD", async () => {
    const html = await (await app.request("/glossary/html/element")).text();
    expect(html).not.toMatch(/<code><(?!\/code)/);
    expect(() => jsonLd(html)).not.toThrow();
  });

  it.each([
    "/glossary/cobol",
    "/glossary/__proto__",
    "/glossary/css/no-such-term",
    "/glossary/css/selector/extra",
    "/glossary/%E0%A4%A",
  ])("answers %s with a real 404 page that is not indexed", async (url) => {
    const res = await app.request(url);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("This glossary page does not exist");
    expect(metaOf(html, "robots")).toBe("noindex");
    expect(canonicalOf(html)).toBeUndefined();
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists every public page and every glossary page, as valid XML", async () => {
    const res = await app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    // Well formed: the declaration, one urlset, and escaped locations only (the e2e test also has
    // the browser's XML parser read it).
    expect(xml).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n(<url><loc>https:\/\/[^<>&"]+<\/loc><\/url>\n)+<\/urlset>\n$/,
    );
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    const pages = [
      "/",
      "/web/tracks",
      "/web/library",
      "/web/events",
      "/web/community",
      "/web/subscribe",
    ];
    for (const page of pages) expect(locs).toContain(`${ORIGIN}${page}`);
    // Every section page of every published track, as the track list links them.
    const { tracks } = (await (await app.request("/v1/tracks")).json()) as {
      tracks: Array<{ id: number }>;
    };
    let sectionCount = 0;
    for (const { id } of tracks) {
      const track = (await (await app.request(`/v1/tracks/${id}`)).json()) as {
        sections: Array<{ index: number }>;
      };
      for (const section of track.sections) {
        expect(locs).toContain(`${ORIGIN}/web/${id}/section/${section.index}`);
        sectionCount += 1;
      }
    }
    expect(sectionCount).toBeGreaterThan(0);
    let termCount = 0;
    for (const language of LANGUAGES) {
      expect(locs).toContain(`${ORIGIN}/glossary/${language}`);
      for (const term of glossaryOf(language).terms) {
        expect(locs).toContain(`${ORIGIN}/glossary/${language}/${term.slug}`);
        termCount += 1;
      }
    }
    expect(locs).toHaveLength(pages.length + sectionCount + LANGUAGES.length + termCount);
    expect(locs.some((loc) => loc?.includes("/web/shared/"))).toBe(false);
    // Every listed glossary page answers 200.
    for (const loc of locs.filter((l) => l?.includes("/glossary/")).slice(0, 40)) {
      expect((await app.request(new URL(loc ?? "").pathname)).status).toBe(200);
    }
  });

  it("keeps crawlers out of the API and private screens and names the sitemap", async () => {
    const res = await app.request("/robots.txt");
    expect(res.status).toBe(200);
    const text = await res.text();
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const prefix of [
      "/v1/",
      "/api/",
      "/admin",
      "/web/profile",
      "/web/billing",
      "/web/playground",
    ]) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const disallowed = lines.filter((l) => l.startsWith("Disallow: ")).map((l) => l.slice(10));
    for (const page of ["/", "/web/library", "/web/events", "/web/subscribe", "/glossary/css"]) {
      expect(disallowed.some((prefix) => page.startsWith(prefix))).toBe(false);
    }
  });
});
