import { PYODIDE_BASE } from "@lumen/runners/assets";
import { describe, expect, it } from "vitest";
import { type BundleItem, entryFiles, serviceWorkerManifest } from "./vite-plugin-sw.ts";

const chunk = (
  fileName: string,
  imports: string[] = [],
  options: { isEntry?: boolean; css?: string[] } = {},
): BundleItem => ({
  type: "chunk",
  fileName,
  isEntry: options.isEntry ?? false,
  imports,
  viteMetadata: { importedCss: new Set(options.css ?? []) },
});
const asset = (fileName: string, source: string): BundleItem => ({
  type: "asset",
  fileName,
  source,
});

function bundleOf(...items: BundleItem[]): Record<string, BundleItem> {
  return Object.fromEntries(items.map((item) => [item.fileName, item]));
}

const bundle = bundleOf(
  chunk("assets/index-A.js", ["assets/react-B.js", "assets/router-C.js"], {
    isEntry: true,
    css: ["assets/index-D.css"],
  }),
  chunk("assets/react-B.js"),
  chunk("assets/router-C.js", ["assets/react-B.js"]),
  // A lazily loaded screen: not part of the shell.
  chunk("assets/lesson-E.js", ["assets/react-B.js"]),
  asset("assets/worker-python.worker-F.js", "worker"),
  asset("assets/index-D.css", "css"),
  asset("index.html", "<html>A</html>"),
  asset(`runtimes/${PYODIDE_BASE}pyodide.asm.wasm`, "wasm"),
  asset(`runtimes/${PYODIDE_BASE}python_stdlib.zip`, "zip"),
  asset("runtimes/sql/sql-wasm-browser.wasm", "sql"),
  asset("runtimes/page/frame.html", "<html>frame</html>"),
);

describe("entryFiles", () => {
  it("is the entry chunk, its static imports and their CSS, without lazy screens", () => {
    expect(entryFiles(bundle)).toEqual([
      "assets/index-A.js",
      "assets/index-D.css",
      "assets/react-B.js",
      "assets/router-C.js",
    ]);
  });

  it("refuses a bundle without an entry", () => {
    expect(() => entryFiles(bundleOf(chunk("assets/a.js")))).toThrow(/no entry chunk/);
  });
});

describe("serviceWorkerManifest", () => {
  const manifest = serviceWorkerManifest(bundle, { "theme-init.js": "theme" });

  it("precaches the page every screen is served as, the public scripts and the entry files", () => {
    expect(manifest.precache.map((entry) => entry.url)).toEqual([
      "/",
      "/theme-init.js",
      "/assets/index-A.js",
      "/assets/index-D.css",
      "/assets/react-B.js",
      "/assets/router-C.js",
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

  it("lists each worker family's runtime files", () => {
    expect(manifest.runtimeGroups).toEqual({
      python: [
        `/runtimes/${PYODIDE_BASE}pyodide.asm.wasm`,
        `/runtimes/${PYODIDE_BASE}python_stdlib.zip`,
      ],
      sql: ["/runtimes/sql/sql-wasm-browser.wasm"],
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
});
