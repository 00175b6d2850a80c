/**
 * The service worker, served at /sw.js with scope /: keeps the app shell, the runtimes and the
 * chapters a learner opened, so those lessons open, run and check with no network. Built by
 * vite-plugin-sw.ts, which injects the shell's file list and the runtime version.
 *
 * - "/" and every screen's hashed code and styles: precached at install (Workbox precaching),
 *   so every screen a cached lesson leads to (the sync screen, the daily goal…) opens offline.
 * - /runtimes/** (Pyodide, sql.js, the page sandbox): cache-first, in a cache named after a
 *   hash of the runtimes, so a deploy with new runtimes starts a new cache.
 * - Other hashed /assets/** (the runners' worker scripts, an earlier deploy's files):
 *   cache-first as they load.
 * - GET /v1/tracks/** catalog answers: network-first, the cached answer when offline. A chapter
 *   kept this way also keeps the worker script and runtime of each runner its lessons use, so
 *   a code lesson runs offline even when only the chapter's explanation was opened online.
 * - Navigations: the network, or the cached shell when offline.
 * A new deploy installs, takes over open pages at once and deletes our caches it no longer uses.
 */
import { clientsClaim } from "workbox-core";
import type { WorkboxPlugin } from "workbox-core/types.js";
import { ExpirationPlugin } from "workbox-expiration";
import {
  addRoute,
  cleanupOutdatedCaches,
  PrecacheFallbackPlugin,
  precache,
} from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import {
  cacheNames,
  chapterRuntimeGroups,
  classifyRequest,
  isChapterPath,
  type RequestKind,
  runtimeFilesOf,
  runtimeUrlsFor,
  type ServiceWorkerManifest,
  staleCaches,
} from "./sw-routes.ts";

declare const __LUMEN_SW_MANIFEST__: ServiceWorkerManifest;

// The project compiles against the DOM library; these are the few service worker types we use.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
}
interface ServiceWorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}
declare const self: ServiceWorkerScope;

const manifest = __LUMEN_SW_MANIFEST__;
const names = cacheNames(manifest.runtimeVersion);
const origin = self.location.origin;
const routeFor =
  (kind: RequestKind) =>
  ({ url, request }: { url: URL; request: Request }) =>
    classifyRequest(url, request, origin) === kind;

/** How long to wait for the server before answering from the cache (a weak connection). */
const NETWORK_TIMEOUT_SECONDS = 6;

const runtimes = new CacheFirst({ cacheName: names.runtimes });
const assets = new CacheFirst({
  cacheName: names.assets,
  plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
});

/**
 * Files on their way into a cache, by URL: the page's own request for Pyodide and the worker
 * keeping it for a chapter must not download 10 MB twice. A second ask waits, then reads the cache.
 */
const filling = new Map<string, Promise<void>>();

function keep(strategy: CacheFirst, request: Request, event: ExtendableEvent): Promise<Response> {
  const pending = filling.get(request.url);
  if (pending) return pending.then(() => strategy.handle({ request, event }));
  const [response, done] = strategy.handleAll({ request, event });
  const settled = done.catch(() => undefined).finally(() => filling.delete(request.url));
  filling.set(request.url, settled);
  return response;
}

/** Keeps one runtime file or worker script, in the cache its own route reads. */
function keepFile(url: string, event: ExtendableEvent): Promise<unknown> {
  const kind = classifyRequest(new URL(url), { method: "GET", mode: "cors" }, origin);
  const strategy = kind === "runtime" ? runtimes : kind === "asset" ? assets : undefined;
  // Offline or refused: the lesson loads it again when it runs, and says so if it cannot.
  return strategy
    ? keep(strategy, new Request(url), event).catch(() => undefined)
    : Promise.resolve();
}

/** A chapter kept for offline use brings the runners (and compiler) its lessons run with. */
const chapterRunners: WorkboxPlugin = {
  cacheDidUpdate: async ({ request, newResponse, event }) => {
    if (!isChapterPath(new URL(request.url).pathname)) return;
    const chapter: unknown = await newResponse.json().catch(() => null);
    const files = runtimeFilesOf(chapterRuntimeGroups(chapter), manifest.runtimeGroups, origin);
    await Promise.all(files.map((url) => keepFile(url, event)));
  },
};

self.addEventListener("install", () => {
  // A deploy takes over at once: learners' work lives in IndexedDB and on the server, and hashed
  // files of the page already open stay in the assets cache.
  void self.skipWaiting();
});
clientsClaim();

precache(manifest.precache);
cleanupOutdatedCaches();

// Order matters: the first matching route answers.
registerRoute(routeFor("runtime"), ({ request, event }) => keep(runtimes, request, event));
registerRoute(
  routeFor("navigation"),
  new NetworkOnly({
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new PrecacheFallbackPlugin({ fallbackURL: "/" })],
  }),
);
addRoute();
registerRoute(routeFor("asset"), ({ request, event }) => keep(assets, request, event));
registerRoute(
  routeFor("catalog"),
  new NetworkFirst({
    cacheName: names.catalog,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true }), chapterRunners],
  }),
);

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((existing) =>
        Promise.all(staleCaches(existing, names).map((name) => caches.delete(name))),
      ),
  );
});

/**
 * Workbox's router caches the URLs of a CACHE_URLS message (sent by the page once it is
 * controlled, for what it loaded before). This adds the runtime files behind any worker script
 * among them, which the page never saw being fetched.
 */
self.addEventListener("message", (event) => {
  const data = event.data as { type?: unknown; payload?: { urlsToCache?: unknown } } | null;
  if (data?.type !== "CACHE_URLS" || !Array.isArray(data.payload?.urlsToCache)) return;
  const urls = data.payload.urlsToCache.filter((u): u is string => typeof u === "string");
  const files = runtimeUrlsFor(urls, manifest.runtimeGroups, origin);
  event.waitUntil(Promise.all(files.map((url) => keepFile(url, event))));
});
