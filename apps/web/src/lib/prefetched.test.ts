import { afterEach, describe, expect, it, vi } from "vitest";

/** Loads the module fresh against a page carrying this payload (or none). */
async function withPage(payload: string | null) {
  vi.resetModules();
  vi.stubGlobal("document", {
    getElementById: (id: string) =>
      id === "lumen-prefetch" && payload !== null ? { textContent: payload } : null,
  });
  return import("./prefetched.ts");
}

afterEach(() => vi.unstubAllGlobals());

describe("answers that came inside the page", () => {
  it("are taken once each, by exact path, then the network answers as usual", async () => {
    const page = await withPage(JSON.stringify({ "/v1/tracks/1": { id: 1 }, "/v1/x": [1] }));
    expect(page.takePrefetched("/v1/tracks/2")).toBeUndefined();
    const response = page.takePrefetched("/v1/tracks/1");
    expect(response?.status).toBe(200);
    expect(await response?.json()).toEqual({ id: 1 });
    expect(page.takePrefetched("/v1/tracks/1")).toBeUndefined();
    expect(page.takePrefetchedJson("/v1/x")).toEqual([1]);
  });

  it("are checked against the caller's schema; a mismatch is left to the network", async () => {
    const page = await withPage(JSON.stringify({ "/a": { n: 1 }, "/b": { n: "one" } }));
    const schema = {
      safeParse: (value: unknown) =>
        typeof (value as { n?: unknown }).n === "number"
          ? ({ success: true, data: value as { n: number } } as const)
          : ({ success: false } as const),
    };
    expect(page.takePrefetchedAs("/a", schema)).toEqual({ n: 1 });
    expect(page.takePrefetchedAs("/b", schema)).toBeUndefined();
  });

  it("tell a watcher what was taken before and after it started watching", async () => {
    const page = await withPage(JSON.stringify({ "/a": 1, "/b": 2 }));
    page.takePrefetched("/a");
    const seen: string[] = [];
    const stop = page.watchTakenPrefetches((path) => seen.push(path));
    page.takePrefetched("/b");
    stop();
    expect(seen).toEqual(["/a", "/b"]);
  });

  it("are simply absent from a page without them, or with a broken payload", async () => {
    expect((await withPage(null)).takePrefetched("/a")).toBeUndefined();
    expect((await withPage("{not json")).takePrefetched("/a")).toBeUndefined();
  });
});
