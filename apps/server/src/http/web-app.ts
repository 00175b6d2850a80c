/**
 * Serves the built web app: hashed assets immutable and precompressed (brotli, gzip), every
 * screen of the route table as index.html (never cached, with the public settings inlined), and
 * any other path as index.html with a 404 status so the app shows its not-found page.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { matchScreen } from "@lumen/contracts";
import { Hono } from "hono";
import { hasValidSession } from "../auth/page-session.ts";
import type { AppEnv } from "../context.ts";
import { type Env, publicConfig } from "../env.ts";

const CONFIG_MARKER = "<!--lumen:config-->";

function escapeForScript(json: string): string {
  return json.replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

export function renderIndexHtml(template: string, env: Env): string {
  const config = escapeForScript(JSON.stringify(publicConfig(env)));
  return template
    .replace(CONFIG_MARKER, `<script id="lumen-config" type="application/json">${config}</script>`)
    .replaceAll("%PRODUCT_NAME%", env.PRODUCT_NAME);
}

export function webAppRoutes(distDir: string, env: Env) {
  const root = path.resolve(distDir);
  const indexHtml = renderIndexHtml(readFileSync(path.join(root, "index.html"), "utf8"), env);
  const app = new Hono<AppEnv>();

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
      rewriteRequestPath: (p) => (p === "/" || p.endsWith("/index.html") ? "/__none__" : p),
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
    return c.html(indexHtml, screen ? 200 : 404);
  });
  return app;
}
