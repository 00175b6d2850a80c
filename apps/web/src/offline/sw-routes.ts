/**
 * The service worker's rules, as plain functions shared by the worker (sw.ts), the page that
 * registers it and their tests: which requests each cache takes, the caches' names, and which
 * runtime files a worker script needs.
 */

/** What the build hands the service worker (vite-plugin-sw.ts injects it as a constant). */
export interface ServiceWorkerManifest {
  /** The app shell: "/" (the page every screen is served as) and the entry's hashed files. */
  precache: Array<{ url: string; revision: string | null }>;
  /** A hash of every file under /runtimes/, so a new Pyodide or sql.js gets a fresh cache. */
  runtimeVersion: string;
  /** Worker family ("python", "sql") to the runtime files its worker loads. */
  runtimeGroups: Record<string, string[]>;
}

/** Every cache of ours starts with this, so activation can delete ours and nothing else. */
export const CACHE_PREFIX = "lumen-";
/** Bump when the shape of what a cache holds changes: every cache of the old shape is dropped. */
export const CACHE_SCHEMA = "v1";

export type CacheNames = { assets: string; runtimes: string; catalog: string };

export function cacheNames(runtimeVersion: string): CacheNames {
  const base = `${CACHE_PREFIX}${CACHE_SCHEMA}`;
  return {
    assets: `${base}-assets`,
    runtimes: `${base}-runtimes-${runtimeVersion}`,
    catalog: `${base}-catalog`,
  };
}

/** Our caches that the current worker does not use: left by an earlier deploy. */
export function staleCaches(existing: readonly string[], current: CacheNames): string[] {
  const keep = new Set(Object.values(current));
  return existing.filter((name) => name.startsWith(CACHE_PREFIX) && !keep.has(name));
}

/**
 * Catalog answers (tracks, a track's outline, a chapter's lessons) are the same for everyone.
 * Saved files (savedFiles, savefiles) live under the same path but belong to one learner: the
 * worker never keeps them, where another learner on the same device could be served them.
 */
export function isCatalogPath(pathname: string): boolean {
  if (pathname !== "/v1/tracks" && !pathname.startsWith("/v1/tracks/")) return false;
  return !/\/saved?files(\/|$)/i.test(pathname);
}

/** Paths the server answers itself: a navigation there is never the app's page. */
const SERVER_PATHS = ["/v1/", "/api/", "/healthz", "/.well-known/", "/dev/"];

export type RequestKind = "runtime" | "asset" | "catalog" | "navigation" | "network";

export function classifyRequest(
  url: URL,
  request: { method: string; mode: string },
  origin: string,
): RequestKind {
  if (request.method !== "GET" || url.origin !== origin) return "network";
  const path = url.pathname;
  // Before navigations: the page sandbox (runtimes/page/frame.html) is loaded as a frame.
  if (path.startsWith("/runtimes/")) return "runtime";
  if (path.startsWith("/assets/")) return "asset";
  if (isCatalogPath(path)) return "catalog";
  if (request.mode === "navigate" && !SERVER_PATHS.some((p) => path.startsWith(p))) {
    return "navigation";
  }
  return "network";
}

/** Vite names worker chunks assets/worker-<family>.worker-<hash>.js (see vite.config.ts). */
const WORKER_CHUNK = /\/assets\/worker-([a-z0-9-]+)\.worker-[^/]+\.js$/;

export function workerFamily(pathname: string): string | undefined {
  return WORKER_CHUNK.exec(pathname)?.[1];
}

/**
 * The runtime files behind the worker scripts among `urls`. A page that loaded Pyodide before
 * the service worker controlled it (a first visit) names its worker script; the runtime itself
 * was fetched by the worker, which the page cannot see.
 */
export function runtimeUrlsFor(
  urls: readonly string[],
  groups: ServiceWorkerManifest["runtimeGroups"],
  origin: string,
): string[] {
  const found = new Set<string>();
  for (const url of urls) {
    const family = workerFamily(new URL(url, origin).pathname);
    for (const file of (family && groups[family]) || []) found.add(new URL(file, origin).href);
  }
  return [...found];
}

/** Of the page's loaded resources, the ones the worker keeps: assets, runtimes, catalog. */
export function urlsWorthCaching(resourceUrls: readonly string[], origin: string): string[] {
  return resourceUrls.filter((href) => {
    const url = new URL(href, origin);
    const kind = classifyRequest(url, { method: "GET", mode: "cors" }, origin);
    return kind === "asset" || kind === "runtime" || kind === "catalog";
  });
}
