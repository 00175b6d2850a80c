import { describe, expect, it } from "vitest";
import {
  cacheNames,
  chapterRuntimeGroups,
  classifyRequest,
  isCatalogPath,
  isChapterPath,
  runtimeFilesOf,
  runtimeGroupsOfLanguage,
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
    expect(get("/v1/tracks/1/progress")).toBe("network");
  });
});

describe("isCatalogPath", () => {
  it("matches the tracks, an outline and a chapter, but not look-alikes or a learner's own", () => {
    expect(isCatalogPath("/v1/tracks")).toBe(true);
    expect(isCatalogPath("/v1/tracks/7")).toBe(true);
    expect(isCatalogPath("/v1/tracks/1/tutorials/2/chapters/3")).toBe(true);
    expect(isCatalogPath("/v1/tracksx")).toBe(false);
    expect(isCatalogPath("/v1/tracks/1/progress")).toBe(false);
    expect(isCatalogPath("/v1/tracks/1/sections/active")).toBe(false);
    expect(isCatalogPath("/v1/tracks/1/tutorials/2/chapters/3/savedFiles")).toBe(false);
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

const groups = {
  python: [
    "/assets/worker-python.worker-YUeD3a19.js",
    "/runtimes/pyodide/1/pyodide.asm.wasm",
    "/runtimes/pyodide/1/python_stdlib.zip",
  ],
  sql: ["/assets/worker-sql.worker-Q1.js", "/runtimes/sql/sql-wasm-browser.wasm"],
  javascript: ["/assets/worker-js-sandbox.worker-BTG.js"],
  page: ["/runtimes/page/frame.html", "/runtimes/page/react-frame.html"],
  typescript: ["/runtimes/typescript/worker.js", "/runtimes/typescript/lib.json"],
};

describe("runtimeUrlsFor", () => {
  it("adds the files of the family behind each worker script, once", () => {
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
      `${ORIGIN}/assets/worker-python.worker-YUeD3a19.js`,
      `${ORIGIN}/runtimes/pyodide/1/pyodide.asm.wasm`,
      `${ORIGIN}/runtimes/pyodide/1/python_stdlib.zip`,
    ]);
  });

  it("adds nothing for a script no family runs with", () => {
    expect(runtimeUrlsFor(["/assets/worker-other.worker-BTG.js"], groups, ORIGIN)).toEqual([]);
  });
});

describe("isChapterPath", () => {
  it("is a chapter's answer, not the track, its outline or saved files", () => {
    expect(isChapterPath("/v1/tracks/1/tutorials/101/chapters/10101")).toBe(true);
    expect(isChapterPath("/v1/tracks/1")).toBe(false);
    expect(isChapterPath("/v1/tracks/1/tutorials/101/chapters/10101/savedFiles")).toBe(false);
  });
});

describe("runtimeGroupsOfLanguage", () => {
  it("is the language's runner, and the compiler for typed code", () => {
    expect(runtimeGroupsOfLanguage("python")).toEqual(["python"]);
    expect(runtimeGroupsOfLanguage("css")).toEqual(["page"]);
    expect(runtimeGroupsOfLanguage("jsx")).toEqual(["page"]);
    expect(runtimeGroupsOfLanguage("typescript")).toEqual(["javascript", "typescript"]);
    expect(runtimeGroupsOfLanguage("tsx")).toEqual(["page", "typescript"]);
    expect(runtimeGroupsOfLanguage("cobol")).toEqual([]);
  });
});

describe("chapterRuntimeGroups", () => {
  const lesson = (type: string, codeLanguage: string, example?: unknown[]) => ({
    type,
    codeLanguage,
    example,
  });

  it("is the runners of the lessons that run code: code, projects and runnable examples", () => {
    expect(
      chapterRuntimeGroups({
        lessons: [
          lesson("explanation", "sql"),
          lesson("explanation", "python", [{ name: "main.py" }]),
          lesson("code", "python"),
          lesson("multiple-choice", "html"),
          lesson("project", "tsx"),
          lesson("code", "typescript"),
        ],
      }),
    ).toEqual(["javascript", "page", "python", "typescript"]);
  });

  it("reads nothing from an answer that is not a chapter, or a language it does not know", () => {
    expect(chapterRuntimeGroups(null)).toEqual([]);
    expect(chapterRuntimeGroups({ lessons: "many" })).toEqual([]);
    expect(
      chapterRuntimeGroups({ lessons: [null, lesson("code", "cobol"), { type: "code" }] }),
    ).toEqual([]);
  });
});

describe("runtimeFilesOf", () => {
  it("is every file of the families, as absolute URLs", () => {
    expect(runtimeFilesOf(["sql", "page"], groups, ORIGIN)).toEqual([
      `${ORIGIN}/assets/worker-sql.worker-Q1.js`,
      `${ORIGIN}/runtimes/sql/sql-wasm-browser.wasm`,
      `${ORIGIN}/runtimes/page/frame.html`,
      `${ORIGIN}/runtimes/page/react-frame.html`,
    ]);
    expect(runtimeFilesOf(["python"], {}, ORIGIN)).toEqual([]);
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
