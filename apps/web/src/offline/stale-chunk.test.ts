import { describe, expect, it, vi } from "vitest";
import { chunkKey, isChunkLoadError, type ReloadDeps, reloadForStaleChunk } from "./stale-chunk.ts";

const CHROME = new TypeError(
  "Failed to fetch dynamically imported module: https://lumen.example/assets/sync-progress-DZEj.js",
);

function deps(online = true): ReloadDeps & { stored: Map<string, string> } {
  const stored = new Map<string, string>();
  return {
    online,
    stored,
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
    },
    reload: vi.fn(),
  };
}

describe("isChunkLoadError", () => {
  it("knows each browser's words for a lazy file that did not load, and Vite's for CSS", () => {
    expect(isChunkLoadError(CHROME)).toBe(true);
    expect(
      isChunkLoadError(new TypeError("error loading dynamically imported module: /assets/a.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/a.css"))).toBe(true);
  });

  it("is not any other failure", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(new Error('There is no track "abc".'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe("reloadForStaleChunk", () => {
  it("reloads once for a file that is gone, online", () => {
    const first = deps();
    expect(reloadForStaleChunk(CHROME, first)).toBe(true);
    expect(first.reload).toHaveBeenCalledTimes(1);
    // After the reload, the same file failing again is shown, not reloaded for ever.
    expect(reloadForStaleChunk(CHROME, first)).toBe(false);
    expect(first.reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload again after the router's own reload for a lazy screen", () => {
    const afterRouter = deps();
    afterRouter.stored.set(`tanstack_router_reload:${CHROME.message}`, "1");
    expect(reloadForStaleChunk(CHROME, afterRouter)).toBe(false);
    expect(afterRouter.reload).not.toHaveBeenCalled();
  });

  it("remembers the failure by the file's address", () => {
    expect(chunkKey(CHROME)).toBe(
      "lumen-stale-chunk-reload:https://lumen.example/assets/sync-progress-DZEj.js",
    );
  });

  it("never reloads offline, for other errors, or without storage for its guard", () => {
    const offline = deps(false);
    expect(reloadForStaleChunk(CHROME, offline)).toBe(false);
    const other = deps();
    expect(reloadForStaleChunk(new TypeError("Failed to fetch"), other)).toBe(false);
    const noStorage = { ...deps(), storage: undefined };
    expect(reloadForStaleChunk(CHROME, noStorage)).toBe(false);
    expect(offline.reload).not.toHaveBeenCalled();
    expect(other.reload).not.toHaveBeenCalled();
    expect(noStorage.reload).not.toHaveBeenCalled();
  });
});
