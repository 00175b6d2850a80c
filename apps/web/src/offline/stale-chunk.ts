/**
 * A deploy replaces the app's hashed files: a page opened before it that asks for a lazy screen's
 * old file finds it gone. Online, the page then reloads once to get the new build, rather than
 * show an error; a second failure of the same file in this tab is shown (never a reload loop).
 * Offline, reloading cannot help: the error screen says so, and retries when the connection is
 * back. Installed by register-service-worker.ts for Vite's `vite:preloadError` (every lazy
 * import); the route error screen (shell/route-error.tsx) asks the same for what reaches it.
 */

const KEY_PREFIX = "lumen-stale-chunk-reload:";
const TANSTACK_KEY = "tanstack_router_reload:";

const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/;

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === "string" ? error : "";

/** Whether an error is a lazily loaded file of the app that did not load (in any browser). */
export function isChunkLoadError(error: unknown): boolean {
  return CHUNK_FAILURE.test(messageOf(error));
}

/** What the once-only guard remembers a failure by: the file's address when the message has one. */
export function chunkKey(error: unknown): string {
  const message = messageOf(error);
  return KEY_PREFIX + (/https?:\/\/\S+/.exec(message)?.[0] ?? message);
}

export interface ReloadDeps {
  online: boolean;
  storage: Pick<Storage, "getItem" | "setItem"> | undefined;
  reload(): void;
}

const browserDeps = (): ReloadDeps => ({
  online: navigator.onLine,
  storage: (() => {
    try {
      return sessionStorage;
    } catch {
      // Storage refused (some private modes): without the guard, never reload.
      return undefined;
    }
  })(),
  reload: () => location.reload(),
});

/**
 * Reloads the page for a stale file, once per file and tab, and only online. True when it
 * reloads: the caller shows nothing more while the page goes.
 */
export function reloadForStaleChunk(error: unknown, deps: ReloadDeps = browserDeps()): boolean {
  if (!isChunkLoadError(error) || !deps.online || !deps.storage) return false;
  const key = chunkKey(error);
  try {
    // TanStack Router's lazy screens reload once themselves, and remember it under this key.
    if (deps.storage.getItem(key) || deps.storage.getItem(TANSTACK_KEY + messageOf(error))) {
      return false;
    }
    deps.storage.setItem(key, String(Date.now()));
  } catch {
    return false;
  }
  deps.reload();
  return true;
}

/** Any lazy import that fails (Vite's preload helper announces it) reloads once for a new build. */
export function installStaleChunkReload(): void {
  addEventListener("vite:preloadError", (event) => {
    // The error still reaches the screen that asked, whose error state shows until the reload.
    reloadForStaleChunk((event as Event & { payload?: unknown }).payload);
  });
}

export interface OnlineDeps {
  online(): boolean;
  /** Calls back once when the browser is next online. */
  whenOnline(callback: () => void): void;
}

const browserOnline: OnlineDeps = {
  online: () => navigator.onLine,
  whenOnline: (callback) => addEventListener("online", callback, { once: true }),
};

/**
 * Loads a lazy part of a screen; when the file cannot be fetched because the browser is offline
 * (the service worker had not stored it yet), waits for the connection and asks again, rather
 * than fail: the screen's Suspense fallback shows meanwhile. Any other failure is the caller's.
 */
export function importWhenOnline<T>(
  load: () => Promise<T>,
  deps: OnlineDeps = browserOnline,
): Promise<T> {
  return load().catch((error: unknown) => {
    if (!isChunkLoadError(error) || deps.online()) throw error;
    return new Promise<T>((resolve, reject) => {
      deps.whenOnline(() => importWhenOnline(load, deps).then(resolve, reject));
    });
  });
}

/** Fetches lazy parts ahead of use; one that fails now is fetched again when it is needed. */
export function preloadParts(parts: readonly (() => Promise<unknown>)[]): void {
  for (const part of parts) part().catch(() => undefined);
}
