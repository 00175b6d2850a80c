/**
 * Serves the built web app: hashed assets immutable and precompressed (brotli, gzip), the
 * runtimes' files under /runtimes/ with strong ETags (immutable where their path names a version),
 * every screen of the route table as index.html (never cached, with the public settings inlined),
 * and any other path as index.html with a 404 status so the app shows its not-found page.
 * The page itself is rendered by web-page.ts.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { matchScreen } from "@lumen/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { publicOrigin } from "../auth/client-ip.ts";
import { hasValidSession } from "../auth/page-session.ts";
import type { AppEnv } from "../context.ts";
import { shareMetaTags } from "./share-meta.ts";
import { lessonPage, type WebPage } from "./web-page.ts";

/**
 * A runtime directory that names its package's version (`/runtimes/pyodide/314.0.7/...`) never
 * changes: the browser keeps it a year without asking, which also keeps the WebAssembly code
 * Chromium compiled and cached beside the HTTP entry.
 */
const VERSIONED_RUNTIME = /^\/runtimes\/[^/]+\/\d+\.\d+\.\d+[^/]*\//;

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

function acceptsEncoding(header: string | undefined, name: string): boolean {
  return (header ?? "").split(",").some((part) => {
    const [token, ...params] = part.trim().split(";");
    return token?.trim() === name && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

function matchesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === tag);
}

/**
 * The runtimes' files: the precompressed variant the browser accepts, each with a strong ETag of
 * its own bytes, answered 304 on revalidation. Without validators a "no-cache" file is downloaded
 * again on every visit, and Chromium drops the compiled WebAssembly it had cached with it.
 */
function runtimeFiles(root: string): MiddlewareHandler<AppEnv> {
  const tags = new Map<string, string>();
  async function tagOf(file: string, size: number, mtimeMs: number): Promise<string> {
    const key = `${file}:${size}:${mtimeMs}`;
    let tag = tags.get(key);
    if (!tag) {
      const digest = createHash("sha256")
        .update(await readFile(file))
        .digest("base64url");
      tag = `"${digest.slice(0, 32)}"`;
      tags.set(key, tag);
    }
    return tag;
  }
  return async (c, next) => {
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative);
    if (relative.includes("\0") || !file.startsWith(path.join(root, "runtimes") + path.sep)) {
      return next();
    }
    const accepted = c.req.header("Accept-Encoding");
    const variants = [
      ...ENCODINGS.filter((e) => acceptsEncoding(accepted, e.name)),
      { name: undefined, suffix: "" },
    ];
    for (const variant of variants) {
      const found = await stat(file + variant.suffix).catch(() => undefined);
      if (!found?.isFile()) continue;
      const tag = await tagOf(file + variant.suffix, found.size, found.mtimeMs);
      c.header("ETag", tag);
      c.header("Vary", "Accept-Encoding");
      c.header(
        "Cache-Control",
        VERSIONED_RUNTIME.test(relative) ? "public, max-age=31536000, immutable" : "no-cache",
      );
      if (matchesTag(c.req.header("If-None-Match"), tag)) return c.body(null, 304);
      c.header("Content-Type", getMimeType(file) ?? "application/octet-stream");
      if (variant.name) c.header("Content-Encoding", variant.name);
      return c.body(await readFile(file + variant.suffix));
    }
    return next();
  };
}

export function webAppRoutes(distDir: string, page: WebPage) {
  const root = path.resolve(distDir);
  const app = new Hono<AppEnv>();

  // Source maps are for the error console only (ADR 0041): never served, even if one is left here.
  app.use("*", async (c, next) => {
    if (/\.map$/i.test(c.req.path)) return c.text("Not found", 404);
    await next();
  });
  app.get("/runtimes/*", runtimeFiles(root));
  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), root) || ".",
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // Unhashed files at the root (favicon, service worker, runtimes' fixed names).
  app.use(
    "*",
    serveStatic({
      root: path.relative(process.cwd(), root) || ".",
      precompressed: true,
      rewriteRequestPath: (p) =>
        p === "/" || p.endsWith("/index.html") || p.startsWith("/.vite/") ? "/__none__" : p,
      onFound: (_path, c) => {
        c.header("Cache-Control", "no-cache");
      },
    }),
  );
  app.get("*", async (c) => {
    c.header("Cache-Control", "no-cache");
    const screen = matchScreen(c.req.path);
    if (screen?.access === "protected" && !(await hasValidSession(c))) {
      const url = new URL(c.req.url);
      return c.redirect(
        `/web/login?redirectUrl=${encodeURIComponent(url.pathname + url.search)}`,
        302,
      );
    }
    if (!screen) return c.html(page.render(), 404);
    const url = new URL(c.req.url);
    const lesson = await lessonPage(c.get("deps").catalog, url, page.productName);
    const html = page.render(screen.path, lesson);
    // A shared code's page carries its link preview (issue 17, share-meta.ts); without it (a
    // database hiccup) the page still opens and shows the share itself.
    const shareTags = !url.pathname.startsWith("/web/shared/")
      ? undefined
      : await shareMetaTags({
          db: c.get("deps").database.db,
          pathname: url.pathname,
          origin: publicOrigin(c),
          productName: page.productName,
        }).catch((error: unknown) => {
          c.get("deps").logger.warn({ err: error }, "share preview tags failed");
          return undefined;
        });
    return c.html(shareTags ? html.replace("</head>", () => `${shareTags}</head>`) : html);
  });
  return app;
}
