/**
 * Builds the service worker (sw.ts) into dist/sw.js at the end of the web build, with the list
 * the worker needs injected as a constant: the app shell to precache ("/" and the entry chunk's
 * static imports and CSS, read from the bundle's own graph), a hash of the runtimes, and which
 * runtime files each worker family loads. See docs/decisions/0012-service-worker.md.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
// Relative, like vite.config.ts: Vite bundles its config and plugins before Node can load TypeScript.
import { PYODIDE_BASE, SQL_BASE } from "../../../../packages/runners/src/assets.ts";
import type { ServiceWorkerManifest } from "./sw-routes.ts";

const SW_SOURCE = fileURLToPath(new URL("./sw.ts", import.meta.url));
const SW_FILE = "sw.js";
/** Unhashed files the shell's page loads before the app starts (see index.html). */
const SHELL_PUBLIC_FILES = ["theme-init.js", "favicon.svg"];
/** Worker family (from its chunk name) to the runtime folder its worker fetches. */
const RUNTIME_FOLDERS: Record<string, string> = {
  python: `runtimes/${PYODIDE_BASE}`,
  sql: `runtimes/${SQL_BASE}`,
};

/** The parts of Rolldown's output bundle this plugin reads. */
export type BundleItem =
  | {
      type: "chunk";
      fileName: string;
      isEntry: boolean;
      imports: string[];
      viteMetadata?: { importedCss: Set<string> };
    }
  | { type: "asset"; fileName: string; source: string | Uint8Array };

const revisionOf = (...parts: Array<string | Uint8Array>) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex").slice(0, 16);
};

/** The entry chunk, everything it imports statically, and their CSS: what the first paint needs. */
export function entryFiles(bundle: Record<string, BundleItem>): string[] {
  const entry = Object.values(bundle).find((item) => item.type === "chunk" && item.isEntry);
  if (!entry) throw new Error("The web build has no entry chunk.");
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const item = bundle[fileName];
    if (!item || files.has(fileName)) return;
    files.add(fileName);
    if (item.type !== "chunk") return;
    for (const css of item.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of item.imports) visit(imported);
  };
  visit(entry.fileName);
  return [...files].sort();
}

export function serviceWorkerManifest(
  bundle: Record<string, BundleItem>,
  publicFiles: Record<string, string | Uint8Array>,
): ServiceWorkerManifest {
  const html = bundle["index.html"];
  if (html?.type !== "asset") throw new Error("The web build has no index.html.");
  const runtimeFiles = Object.values(bundle)
    .filter((item) => item.type === "asset" && item.fileName.startsWith("runtimes/"))
    .sort((a, b) => a.fileName.localeCompare(b.fileName));
  const runtimeGroups: Record<string, string[]> = {};
  for (const [family, folder] of Object.entries(RUNTIME_FOLDERS)) {
    runtimeGroups[family] = runtimeFiles
      .filter((item) => item.fileName.startsWith(folder))
      .map((item) => `/${item.fileName}`);
  }
  return {
    precache: [
      // The server answers every screen with this page; its revision changes with the entry's.
      { url: "/", revision: revisionOf(html.source) },
      ...Object.entries(publicFiles).map(([name, content]) => ({
        url: `/${name}`,
        revision: revisionOf(content),
      })),
      // Hashed names: the URL is the revision.
      ...entryFiles(bundle).map((fileName) => ({ url: `/${fileName}`, revision: null })),
    ],
    runtimeVersion: revisionOf(
      ...runtimeFiles.flatMap((item) =>
        item.type === "asset" ? [item.fileName, item.source] : [],
      ),
    ),
    runtimeGroups,
  };
}

async function bundleServiceWorker(config: ResolvedConfig, manifest: ServiceWorkerManifest) {
  const output = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    publicDir: false,
    logLevel: "warn",
    define: {
      // Workbox's modules keep their development logging behind this check.
      "process.env.NODE_ENV": JSON.stringify("production"),
      __LUMEN_SW_MANIFEST__: JSON.stringify(manifest),
    },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      emptyOutDir: false,
      rolldownOptions: {
        input: SW_SOURCE,
        // A classic script: module service workers are not in every browser we support.
        output: { format: "iife", entryFileNames: SW_FILE },
      },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!("output" in result)) continue;
    const chunk = result.output.find((item) => item.fileName === SW_FILE);
    if (chunk?.type === "chunk") return chunk.code;
  }
  throw new Error("The service worker build produced no sw.js.");
}

export function serviceWorkerPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "lumen-service-worker",
    apply: "build",
    // After Vite has emitted index.html and the runtimes plugin its files.
    enforce: "post",
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const publicFiles = Object.fromEntries(
        SHELL_PUBLIC_FILES.map((name) => [name, readFileSync(path.join(config.publicDir, name))]),
      );
      const manifest = serviceWorkerManifest(bundle, publicFiles);
      this.emitFile({
        type: "asset",
        fileName: SW_FILE,
        source: await bundleServiceWorker(config, manifest),
      });
    },
  };
}
