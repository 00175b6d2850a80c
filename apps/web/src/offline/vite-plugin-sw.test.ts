import { PYODIDE_BASE } from "@lumen/runners/assets";
import { describe, expect, it } from "vitest";
import {
  appFiles,
  type BundleItem,
  PRECACHE_BUDGET_BYTES,
  precacheBudget,
  serviceWorkerManifest,
} from "./vite-plugin-sw.ts";

const chunk = (fileName: string, code = "export {}"): BundleItem => ({
  type: "chunk",
  fileName,
  code,
});
const asset = (fileName: string, source: string | Uint8Array): BundleItem => ({
  type: "asset",
  fileName,
  source,
});

function bundleOf(...items: BundleItem[]): Record<string, BundleItem> {
  return Object.fromEntries(items.map((item) => [item.fileName, item]));
}

const bundle = bundleOf(
  chunk("assets/index-A.js"),
  chunk("assets/react-B.js"),
  // Lazily loaded screens: the learner may reach them offline, so they are precached too.
  chunk("assets/lesson-E.js"),
  chunk("assets/sync-progress-G.js"),
  asset("assets/worker-python.worker-F.js", "python worker"),
  asset("assets/worker-js-sandbox.worker-H.js", "js worker"),
  asset("assets/index-D.css", "css"),
  asset("assets/index-A.js.map", "{}"),
  asset("index.html", "<html>A</html>"),
  asset(".vite/manifest.json", "{}"),
  asset(`runtimes/${PYODIDE_BASE}pyodide.asm.wasm`, "wasm"),
  asset(`runtimes/${PYODIDE_BASE}python_stdlib.zip`, "zip"),
  asset("runtimes/sql/sql-wasm-browser.wasm", "sql"),
  asset("runtimes/page/frame.html", "<html>frame</html>"),
  asset("runtimes/typescript/worker.js", "compiler"),
);

describe("appFiles", () => {
  it("is every hashed file under assets/, lazy screens included, without workers or maps", () => {
    expect(appFiles(bundle).map((item) => item.fileName)).toEqual([
      "assets/index-A.js",
      "assets/index-D.css",
      "assets/lesson-E.js",
      "assets/react-B.js",
      "assets/sync-progress-G.js",
    ]);
  });
});

describe("appFiles and the online-only screens", () => {
  it("leaves out what only an admin, community or events screen's lazy import reaches, keeps what learners share", () => {
    const item = (
      fileName: string,
      more: Partial<Extract<BundleItem, { type: "chunk" }>> = {},
    ): BundleItem => ({ type: "chunk", fileName, code: "x", ...more });
    const graph: Record<string, BundleItem> = {};
    for (const entry of [
      item("assets/index-A.js", {
        isEntry: true,
        imports: ["assets/react-B.js"],
        dynamicImports: [
          "assets/lesson-E.js",
          "assets/analytics-page-F.js",
          "assets/post-page-H.js",
          "assets/events-page-J.js",
        ],
      }),
      item("assets/react-B.js"),
      item("assets/lesson-E.js", {
        facadeModuleId: "/app/src/features/lesson/lesson-screen.tsx",
        imports: ["assets/ui-C.js"],
      }),
      item("assets/ui-C.js"),
      item("assets/analytics-page-F.js", {
        facadeModuleId: "/app/src/features/admin/analytics/analytics-page.tsx",
        imports: ["assets/ui-C.js"],
        dynamicImports: ["assets/LineChart-G.js"],
      }),
      item("assets/LineChart-G.js"),
      item("assets/post-page-H.js", {
        facadeModuleId: "/app/src/features/community/post-page.tsx",
        imports: ["assets/ui-C.js", "assets/user-markdown-K.js"],
      }),
      item("assets/events-page-J.js", {
        facadeModuleId: "/app/src/features/events/events-page.tsx",
        imports: ["assets/user-markdown-K.js"],
      }),
      item("assets/user-markdown-K.js"),
    ])
      graph[entry.fileName] = entry;
    expect(appFiles(graph).map((entry) => entry.fileName)).toEqual([
      "assets/index-A.js",
      "assets/lesson-E.js",
      "assets/react-B.js",
      "assets/ui-C.js",
    ]);
  });
});

describe("precacheBudget", () => {
  it("adds up the files' bytes and passes under the budget", () => {
    expect(precacheBudget([chunk("assets/a.js", "ab"), asset("assets/b.css", "é")])).toEqual({
      bytes: 4,
    });
  });

  it("names the largest files when the precache is over budget", () => {
    const big = asset("assets/typescript-X.js", new Uint8Array(PRECACHE_BUDGET_BYTES));
    const result = precacheBudget([chunk("assets/a.js", "a"), big]);
    expect(result.bytes).toBe(PRECACHE_BUDGET_BYTES + 1);
    expect(result.error).toMatch(/over its 3\.00 MB budget/);
    expect(result.error).toMatch(/Largest: assets\/typescript-X\.js \(3072 KB\), assets\/a\.js/);
  });
});

describe("serviceWorkerManifest", () => {
  const manifest = serviceWorkerManifest(bundle, { "theme-init.js": "theme" });

  it("precaches the page every screen is served as, the public scripts and every screen's files", () => {
    expect(manifest.precache.map((entry) => entry.url)).toEqual([
      "/",
      "/theme-init.js",
      "/assets/index-A.js",
      "/assets/index-D.css",
      "/assets/lesson-E.js",
      "/assets/react-B.js",
      "/assets/sync-progress-G.js",
    ]);
    expect(manifest.precache.find((e) => e.url === "/assets/index-A.js")?.revision).toBeNull();
    expect(manifest.precache[0]?.revision).toMatch(/^[0-9a-f]{16}$/);
  });

  it("gives the page a new revision when index.html changes", () => {
    const next = serviceWorkerManifest(
      { ...bundle, "index.html": asset("index.html", "<html>B</html>") },
      { "theme-init.js": "theme" },
    );
    expect(next.precache[0]?.revision).not.toBe(manifest.precache[0]?.revision);
  });

  it("lists each runtime group's worker scripts and runtime files", () => {
    expect(manifest.runtimeGroups).toEqual({
      python: [
        "/assets/worker-python.worker-F.js",
        `/runtimes/${PYODIDE_BASE}pyodide.asm.wasm`,
        `/runtimes/${PYODIDE_BASE}python_stdlib.zip`,
      ],
      sql: ["/runtimes/sql/sql-wasm-browser.wasm"],
      javascript: ["/assets/worker-js-sandbox.worker-H.js"],
      page: ["/runtimes/page/frame.html"],
      typescript: ["/runtimes/typescript/worker.js"],
    });
  });

  it("changes the runtime version only when a runtime file changes", () => {
    const same = serviceWorkerManifest(
      { ...bundle, "index.html": asset("index.html", "<html>C</html>") },
      {},
    );
    expect(same.runtimeVersion).toBe(manifest.runtimeVersion);
    const upgraded = serviceWorkerManifest(
      {
        ...bundle,
        "runtimes/sql/sql-wasm-browser.wasm": asset("runtimes/sql/sql-wasm-browser.wasm", "sql 2"),
      },
      {},
    );
    expect(upgraded.runtimeVersion).not.toBe(manifest.runtimeVersion);
  });

  it("refuses a bundle without index.html", () => {
    expect(() => serviceWorkerManifest(bundleOf(chunk("assets/a.js")), {})).toThrow(
      /no index\.html/,
    );
  });
});
