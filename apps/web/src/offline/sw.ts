/**
 * The service worker, served at /sw.js with scope /: keeps the app shell, the runtimes and the
 * chapters a learner opened, so those lessons open, run and check with no network. Built by
 * vite-plugin-sw.ts, which injects the shell's file list and the runtime version.
 *
 * - "/" and the entry's hashed files: precached at install (Workbox precaching).
 * - /runtimes/** (Pyodide, sql.js, the page sandbox): cache-first, in a cache named after a
 *   hash of the runtimes, so a deploy with new runtimes starts a new cache.
 * - Other hashed /assets/**: cache-first as screens and workers load them.
 * - GET /v1/tracks/** catalog answers: network-first, the cached answer when offline.
 * - Navigations: the network, or the cached shell when offline.
 * A new deploy installs, takes over open pages at once and deletes our caches it no longer uses.
 */
import { clientsClaim } from "workbox-core";
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
  classifyRequest,
  type RequestKind,
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

self.addEventListener("install", () => {
  // A deploy takes over at once: learners' work lives in IndexedDB and on the server, and hashed
  // files of the page already open stay in the assets cache.
  void self.skipWaiting();
});
clientsClaim();

precache(manifest.precache);
cleanupOutdatedCaches();

// Order matters: the first matching route answers.
registerRoute(routeFor("runtime"), runtimes);
registerRoute(
  routeFor("navigation"),
  new NetworkOnly({
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new PrecacheFallbackPlugin({ fallbackURL: "/" })],
  }),
);
addRoute();
registerRoute(
  routeFor("asset"),
  new CacheFirst({
    cacheName: names.assets,
    plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);
registerRoute(
  routeFor("catalog"),
  new NetworkFirst({
    cacheName: names.catalog,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })],
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
  event.waitUntil(
    Promise.all(files.map((url) => runtimes.handle({ event, request: new Request(url) }))),
  );
});
