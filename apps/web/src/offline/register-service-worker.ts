/**
 * Imported once by main.tsx for its effect: reloads the page once when a lazy file of an earlier
 * deploy is gone (stale-chunk.ts), and registers the service worker (/sw.js, scope /) once the
 * page has loaded, so it never competes with the first screen. When it first controls the page,
 * the page tells it what it loaded before (the screen's chunks, worker scripts, catalog
 * answers), so a first visit is kept for offline use too. Catalog answers that came inside the
 * page (lib/prefetched.ts) never pass through fetch, so the worker is told of them too, whenever
 * it controls the page. No worker in development: Vite's dev server has no /sw.js and its modules
 * change on every edit.
 */
import { watchTakenPrefetches } from "../lib/prefetched.ts";
import { installStaleChunkReload } from "./stale-chunk.ts";
import { urlsWorthCaching } from "./sw-routes.ts";

export const SERVICE_WORKER_URL = "/sw.js";

/** How long after taking control to look for fetches the page started before it. */
const LATE_ENTRIES_MS = 60_000;

function cacheUrls(worker: ServiceWorker, resourceUrls: string[]): void {
  const urls = urlsWorthCaching(
    resourceUrls.map((url) => new URL(url, location.href).href),
    location.origin,
  );
  // Workbox's router understands this message: it runs each URL through its caching route.
  if (urls.length > 0) worker.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: urls } });
}

/**
 * Sends what the page loaded before the worker controlled it, and keeps watching for a while:
 * a fetch started before that moment (the chapter, a screen's chunk) did not pass through the
 * worker, and only shows up here once it ends.
 */
function sendLoadedResources(worker: ServiceWorker): void {
  const prefetched: string[] = [];
  watchTakenPrefetches((path) => prefetched.push(path))();
  cacheUrls(worker, [
    ...performance.getEntriesByType("resource").map((entry) => entry.name),
    ...prefetched,
  ]);
  const observer = new PerformanceObserver((list) => {
    // Every later fetch too, not only those started before the worker took over: a Web Worker
    // the page created in that moment can be left uncontrolled, and then its runtime's files
    // never pass through the service worker. Asking for a file it holds already costs nothing.
    const late = list.getEntries();
    cacheUrls(
      worker,
      late.map((entry) => entry.name),
    );
  });
  observer.observe({ type: "resource" });
  setTimeout(() => observer.disconnect(), LATE_ENTRIES_MS);
}

function registerServiceWorker(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  container.addEventListener("controllerchange", () => {
    if (container.controller) sendLoadedResources(container.controller);
  });
  watchTakenPrefetches((path) => {
    // Before the worker controls the page, sendLoadedResources sends these with the rest.
    if (container.controller) cacheUrls(container.controller, [path]);
  });
  const register = () => {
    container.register(SERVICE_WORKER_URL, { scope: "/" }).catch((error: unknown) => {
      // The app works without it, only not offline; private windows may refuse it.
      console.warn("The offline service worker could not be registered.", error);
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

installStaleChunkReload();
registerServiceWorker();
