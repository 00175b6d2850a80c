/**
 * A lesson screen's page as the server sends it, against a real database and published content:
 * the catalog answers inside the page, the lesson drawn by the server, and a CSP that allows
 * exactly the page's inline scripts. ADR 0015.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { CatalogStore } from "../catalog/catalog-store.ts";
import { publishContent } from "../catalog/publish-content.ts";
import { parseEnv } from "../env.ts";
import { scriptHashSource } from "./web-page.ts";

const logger = pino({ level: "silent" });
const source = path.resolve(import.meta.dirname, "../../../../content");
const LESSON = "/web/track/1/tutorial/101/chapter/10101/learn";
const THEME = "document.documentElement.dataset.theme = 'x';";

let contentDir: string;
let dist: string;
let database: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(tmpdir(), "lumen-web-page-content-"));
  cpSync(path.join(source, "tracks/python"), path.join(contentDir, "tracks/python"), {
    recursive: true,
  });
  dist = mkdtempSync(path.join(tmpdir(), "lumen-web-page-dist-"));
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(
    path.join(dist, "index.html"),
    `<!doctype html><html><head><script src="/theme-init.js"></script><!--lumen:config--><title>%PRODUCT_NAME%</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="app"></div></body></html>`,
  );
  writeFileSync(path.join(dist, "theme-init.js"), THEME);
  writeFileSync(
    path.join(dist, ".vite/manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index-1.js", isEntry: true },
      "src/features/lesson/lesson-screen.tsx": { file: "assets/lesson-screen-1.js" },
    }),
  );
  database = await createTestDatabase();
  const published = await publishContent({ db: database.db, contentDir, logger });
  if (!published) throw new Error("the test content did not publish");
  app = createApp({
    database,
    env: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PRODUCT_NAME: "Learnly" }),
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

const prefetchOf = (html: string): Record<string, unknown> =>
  JSON.parse(
    /<script id="lumen-prefetch" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? "{}",
  );

describe("a lesson screen's page", () => {
  it("carries the chapter and the outline exactly as the API answers them", async () => {
    const page = await app.request(`${LESSON}?lesson=1`);
    expect(page.status).toBe(200);
    const prefetch = prefetchOf(await page.text());
    for (const apiPath of ["/v1/tracks/1/tutorials/101/chapters/10101", "/v1/tracks/1"]) {
      const api = await app.request(apiPath);
      expect(prefetch[apiPath]).toEqual(await api.json());
    }
  });

  it("draws the lesson the URL names, and boots the app with a script the CSP allows", async () => {
    const page = await app.request(`${LESSON}?lesson=1`);
    const html = await page.text();
    const chapter = (await (
      await app.request("/v1/tracks/1/tutorials/101/chapters/10101")
    ).json()) as {
      lessons: Array<{ title: string }>;
    };
    expect(html).toContain('<div id="first-paint"');
    expect(html).toContain(`>${chapter.lessons[1]?.title}</h1>`);
    expect(html).toContain(`Lesson 2 of ${chapter.lessons.length}`);
    expect(html).toContain(">Learnly</span>");
    expect(html).not.toContain('<script type="module"');
    const csp = page.headers.get("content-security-policy") ?? "";
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    expect(inline).toHaveLength(2);
    expect(inline[0]).toBe(THEME);
    for (const script of inline) expect(csp).toContain(scriptHashSource(script));
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+' 'sha256-[^']+';/);
  });

  it("draws nothing it cannot place: no lesson index, a bad one, or one past the end", async () => {
    for (const query of ["", "?lesson=", "?lesson=abc", "?lesson=-1", "?lesson=99"]) {
      const html = await (await app.request(`${LESSON}${query}`)).text();
      expect(html, query).not.toContain('id="first-paint"');
      expect(html, query).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
      // The data still comes with the page: the screen opens without asking for it.
      expect(Object.keys(prefetchOf(html)), query).toHaveLength(2);
    }
  });

  it("adds nothing for a chapter or track that does not exist, and still serves the screen", async () => {
    for (const place of [
      "/web/track/1/tutorial/101/chapter/999999/learn",
      "/web/track/77/tutorial/1/chapter/1/tutor",
    ]) {
      const page = await app.request(`${place}?lesson=0`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).not.toContain("lumen-prefetch");
      expect(html).not.toContain('id="first-paint"');
    }
  });

  it("draws the challenge mode's lessons, and the same screens under /ssr", async () => {
    const html = await (
      await app.request("/ssr/track/1/tutorial/101/chapter/10101/challenge?lesson=0")
    ).text();
    expect(html).toContain("Challenge 1 of");
    expect(html).toContain(">Practice</span>");
  });
});
