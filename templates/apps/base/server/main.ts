/**
 * The app's server: the API under /api, and the page. In development the page is served by
 * Vite (each file compiled when asked for); in production from the build in dist/. It listens
 * on APP_SOCKET (the builder's machine: a Unix socket, no network) or on PORT.
 */
import { createReadStream, existsSync, rmSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { handleApi, migrate } from "./api.ts";
import { openDatabase } from "./db.ts";

const production = process.env.NODE_ENV === "production";
const db = await openDatabase();
migrate(db);

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
};

const server = createServer((req, res) => {
  handle(req, res);
});

// In development Vite compiles each file when asked and reloads the page when one changes; its
// live-reload socket shares this server, reached through the builder at the page's own address.
const vite = production
  ? null
  : await (await import("vite")).createServer({
      server: {
        middlewareMode: true,
        hmr: {
          server,
          clientPort: Number(process.env.APP_PUBLIC_PORT) || undefined,
          protocol: process.env.APP_PUBLIC_PROTOCOL === "https" ? "wss" : "ws",
        },
        // Behind the builder's proxy, which has already checked the host.
        allowedHosts: true,
      },
      appType: "spa",
      // The packages' folder is read-only in a machine: the config is loaded in place.
      configLoader: "runner",
    });

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://app");
  if (url.pathname.startsWith("/api/")) {
    void handleApi(db, req, res);
    return;
  }
  if (vite) {
    vite.middlewares(req, res, () => {
      res.writeHead(404).end("Not found");
    });
    return;
  }
  const dist = path.resolve("dist");
  let file = path.join(dist, path.normalize(url.pathname));
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
    file = path.join(dist, "index.html");
  }
  res.writeHead(200, {
    "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
  });
  createReadStream(file).pipe(res);
}

const socket = process.env.APP_SOCKET;
if (socket && existsSync(socket)) rmSync(socket);
server.listen(socket ?? Number(process.env.PORT ?? 5173), () => {
  console.log(`app ready on ${socket ?? `port ${process.env.PORT ?? 5173}`}`);
});
