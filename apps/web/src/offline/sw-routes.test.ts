import { describe, expect, it } from "vitest";
import {
  cacheNames,
  classifyRequest,
  isCatalogPath,
  runtimeUrlsFor,
  staleCaches,
  urlsWorthCaching,
} from "./sw-routes.ts";

const ORIGIN = "https://lumen.example";
const get = (path: string, mode = "cors") =>
  classifyRequest(new URL(path, ORIGIN), { method: "GET", mode }, ORIGIN);

describe("classifyRequest", () => {
  it("sends runtimes, hashed assets and catalog answers to their caches", () => {
    expect(get("/runtimes/pyodide/314.0.7/pyodide.asm.wasm")).toBe("runtime");
    expect(get("/runtimes/page/frame.html", "navigate")).toBe("runtime");
    expect(get("/assets/index-DJgpn5a8.js")).toBe("asset");
    expect(get("/v1/tracks/1/tutorials/101/chapters/10101?trackVersion=3")).toBe("catalog");
    expect(get("/v1/tracks")).toBe("catalog");
  });

  it("treats screen navigations as the app's page and leaves the server's own paths alone", () => {
    expect(get("/web/track/1/tutorial/101/chapter/10101/learn?lesson=2", "navigate")).toBe(
      "navigation",
    );
    expect(get("/", "navigate")).toBe("navigation");
    expect(get("/v1/me", "navigate")).toBe("network");
    expect(get("/dev/mailbox", "navigate")).toBe("network");
    expect(get("/healthz", "navigate")).toBe("network");
  });

  it("never caches writes, other origins or a learner's saved files", () => {
    const url = new URL("/v1/tracks/1", ORIGIN);
    expect(classifyRequest(url, { method: "POST", mode: "cors" }, ORIGIN)).toBe("network");
    expect(get("https://cdn.example/assets/x.js")).toBe("network");
    expect(get("/v1/tracks/1/tutorials/2/chapters/3/savedFiles?trackVersion=1")).toBe("network");
    expect(get("/v1/user/visits")).toBe("network");
  });
});

describe("isCatalogPath", () => {
  it("matches /v1/tracks and below, but not look-alikes or saved files", () => {
    expect(isCatalogPath("/v1/tracks/7")).toBe(true);
    expect(isCatalogPath("/v1/tracksx")).toBe(false);
    expect(isCatalogPath("/v1/tracks/1/tutorials/2/chapters/3/savedFiles/clear")).toBe(false);
    expect(isCatalogPath("/v1/tracks/1/tutorials/2/chapters/3/lessons/4/savefiles")).toBe(false);
  });
});

describe("cache names", () => {
  it("names the runtime cache after the runtimes' hash", () => {
    expect(cacheNames("abc")).toEqual({
      assets: "lumen-v1-assets",
      runtimes: "lumen-v1-runtimes-abc",
      catalog: "lumen-v1-catalog",
    });
  });

  it("finds our caches from an earlier deploy, and only ours", () => {
    const existing = [
      "lumen-v1-assets",
      "lumen-v1-runtimes-old",
      "lumen-v1-runtimes-new",
      "lumen-v0-catalog",
      "workbox-precache-v2-https://lumen.example/",
      "someone-else",
    ];
    expect(staleCaches(existing, cacheNames("new"))).toEqual([
      "lumen-v1-runtimes-old",
      "lumen-v0-catalog",
    ]);
  });
});

describe("runtimeUrlsFor", () => {
  const groups = {
    python: ["/runtimes/pyodide/1/pyodide.asm.wasm", "/runtimes/pyodide/1/python_stdlib.zip"],
    sql: ["/runtimes/sql/sql-wasm-browser.wasm"],
  };

  it("adds the runtime files behind each worker script, once", () => {
    expect(
      runtimeUrlsFor(
        [
          `${ORIGIN}/assets/worker-python.worker-YUeD3a19.js`,
          "/assets/worker-python.worker-YUeD3a19.js",
          `${ORIGIN}/assets/index-DJgpn5a8.js`,
        ],
        groups,
        ORIGIN,
      ),
    ).toEqual([
      `${ORIGIN}/runtimes/pyodide/1/pyodide.asm.wasm`,
      `${ORIGIN}/runtimes/pyodide/1/python_stdlib.zip`,
    ]);
  });

  it("adds nothing for a worker without runtime files", () => {
    expect(runtimeUrlsFor(["/assets/worker-js-sandbox.worker-BTG.js"], groups, ORIGIN)).toEqual([]);
  });
});

describe("urlsWorthCaching", () => {
  it("keeps assets, runtimes and catalog answers of our origin", () => {
    expect(
      urlsWorthCaching(
        [
          `${ORIGIN}/assets/home-BAuOjJFa.js`,
          `${ORIGIN}/runtimes/page/frame.html`,
          `${ORIGIN}/v1/tracks/1/tutorials/101/chapters/10101`,
          `${ORIGIN}/v1/events`,
          `${ORIGIN}/v1/tracks/1/tutorials/101/chapters/10101/savedFiles`,
          "https://elsewhere.example/assets/a.js",
        ],
        ORIGIN,
      ),
    ).toEqual([
      `${ORIGIN}/assets/home-BAuOjJFa.js`,
      `${ORIGIN}/runtimes/page/frame.html`,
      `${ORIGIN}/v1/tracks/1/tutorials/101/chapters/10101`,
    ]);
  });
});
