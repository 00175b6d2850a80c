import { describe, expect, it, vi } from "vitest";
import {
  chunkKey,
  importWhenOnline,
  isChunkLoadError,
  preloadParts,
  type ReloadDeps,
  reloadForStaleChunk,
} from "./stale-chunk.ts";

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

describe("importWhenOnline", () => {
  const offlineThenOnline = () => {
    let online = false;
    const waiting: (() => void)[] = [];
    return {
      deps: {
        online: () => online,
        whenOnline: (callback: () => void) => void waiting.push(callback),
      },
      goOnline() {
        online = true;
        for (const callback of waiting.splice(0)) callback();
      },
      waiting,
    };
  };

  it("waits for the connection when the file could not be fetched offline, then loads it", async () => {
    const net = offlineThenOnline();
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(CHROME)
      .mockResolvedValueOnce("module");
    const loaded = importWhenOnline(load, net.deps);
    await vi.waitFor(() => expect(net.waiting).toHaveLength(1));
    expect(load).toHaveBeenCalledTimes(1);
    net.goOnline();
    await expect(loaded).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("fails at once online, and for any error that is not a missing file", async () => {
    const online = { online: () => true, whenOnline: vi.fn() };
    await expect(importWhenOnline(() => Promise.reject(CHROME), online)).rejects.toBe(CHROME);
    const offline = { online: () => false, whenOnline: vi.fn() };
    const other = new Error("boom");
    await expect(importWhenOnline(() => Promise.reject(other), offline)).rejects.toBe(other);
    expect(online.whenOnline).not.toHaveBeenCalled();
    expect(offline.whenOnline).not.toHaveBeenCalled();
  });
});

describe("preloadParts", () => {
  it("asks for every part and leaves no failure unhandled", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    const ok = vi.fn(() => Promise.resolve("a"));
    const failing = vi.fn(() => Promise.reject(CHROME));
    preloadParts([ok, failing]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off("unhandledRejection", unhandled);
    expect(ok).toHaveBeenCalledOnce();
    expect(failing).toHaveBeenCalledOnce();
    expect(unhandled).not.toHaveBeenCalled();
  });
});
