import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lessonRoutePath } from "@lumen/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import {
  bootScript,
  loadWebPage,
  modulePreloads,
  renderIndexHtml,
  screenModule,
  scriptHashSource,
} from "./web-page.ts";

const WEB_ROOT = path.resolve(fileURLToPath(import.meta.url), "../../../../web");
const env = parseEnv({ NODE_ENV: "test", PRODUCT_NAME: "Lumen" });

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <script src="/theme-init.js"></script>
    <!--lumen:config-->
    <title>%PRODUCT_NAME%</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="app"></div>
  </body>
</html>`;

const MANIFEST = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "assets/react-1.js" },
  "src/features/lesson/lesson-screen.tsx": {
    file: "assets/lesson-screen-1.js",
    imports: ["_react.js", "_saved-files.js"],
  },
  "_saved-files.js": { file: "assets/saved-files-1.js" },
  "src/features/home/home.tsx": { file: "assets/home-1.js", imports: ["_react.js"] },
};

const dist = mkdtempSync(path.join(tmpdir(), "lumen-web-page-"));
mkdirSync(path.join(dist, ".vite"));
writeFileSync(path.join(dist, "index.html"), TEMPLATE);
writeFileSync(path.join(dist, "theme-init.js"), "document.documentElement.dataset.t = '1';");
writeFileSync(path.join(dist, ".vite/manifest.json"), JSON.stringify(MANIFEST));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const lessonPath = lessonRoutePath("/web", "learn");

describe("the page the server sends", () => {
  it("inlines the settings and the theme script, allowed by the hash of its exact text", () => {
    const html = renderIndexHtml(TEMPLATE, env, "let a = 1;");
    expect(html).toContain("<script>let a = 1;</script>");
    expect(html).not.toContain("/theme-init.js");
    expect(html).toContain('<script id="lumen-config" type="application/json">');
    expect(html).toContain("<title>Lumen</title>");
    const digest = createHash("sha256").update("let a = 1;").digest("base64");
    expect(scriptHashSource("let a = 1;")).toBe(`'sha256-${digest}'`);
  });

  it("names, for the lesson screens, a source module that exists in the web app", () => {
    const module = screenModule(lessonPath);
    expect(module).toBe("src/features/lesson/lesson-screen.tsx");
    expect(existsSync(path.join(WEB_ROOT, module ?? ""))).toBe(true);
    // "/" is the offline shell of every screen: it must not preload one screen's code.
    expect(screenModule("/")).toBeUndefined();
    expect(screenModule("/web/streak")).toBeUndefined();
  });

  it("preloads a screen's chunks that the entry has not loaded already", () => {
    expect(modulePreloads(MANIFEST, "src/features/lesson/lesson-screen.tsx")).toEqual([
      "/assets/lesson-screen-1.js",
      "/assets/saved-files-1.js",
    ]);
    expect(modulePreloads(MANIFEST, "src/missing.tsx")).toEqual([]);
  });

  it("boots the app from a script that parses, naming the entry and every preload", () => {
    const script = bootScript("/assets/index-1.js", ["/assets/a.js", "/assets/b.js"]);
    expect(() => new Function(script)).not.toThrow();
    expect(script).toContain('"/assets/index-1.js"');
    expect(script).toContain('["/assets/a.js","/assets/b.js"]');
  });

  it("serves a drawn lesson with its data, without the app's script tags, booting after paint", () => {
    const page = loadWebPage(dist, env);
    const html = page.render(lessonPath, {
      prefetch: { "/v1/tracks/1": { title: "</script><script>alert(1)</script>" } },
      firstPaint: '<div id="first-paint">Lesson</div>',
    });
    expect(html).toContain('<div id="first-paint">Lesson</div><div id="app"></div>');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    // The data cannot close its script element.
    expect(html).toContain("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)");
    const boot = /<script>(\(\(\)=>\{let started[^<]*)<\/script><\/body>/.exec(html)?.[1];
    expect(boot).toContain('"/assets/index-1.js"');
    expect(boot).toContain('"/assets/react-1.js","/assets/lesson-screen-1.js"');
    // Every inline script the page can carry is in the hashes the CSP lists.
    expect(page.scriptHashes).toEqual([
      scriptHashSource("document.documentElement.dataset.t = '1';"),
      scriptHashSource(boot ?? ""),
    ]);
  });

  it("serves other screens with the app's usual scripts", () => {
    const page = loadWebPage(dist, env);
    const home = page.render("/");
    expect(home).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    expect(home).not.toContain("home-1.js");
    // A lesson the server could not draw (no ?lesson=) keeps the usual scripts, plus its data.
    const lesson = page.render(lessonPath, { prefetch: { "/v1/tracks/1": {} } });
    expect(lesson).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    expect(lesson).toContain('href="/assets/lesson-screen-1.js"');
    expect(lesson).toContain('<script id="lumen-prefetch" type="application/json">');
    expect(page.render()).toBe(page.render("/web/streak"));
  });
});
