/**
 * Serves the runtimes' static files (WebAssembly, standard libraries, the page sandbox) from our
 * own origin under /runtimes/: copied into the build, and served by Vite's dev server.
 * Each runner family lists its files in its own `assets.ts`.
 */
import { readFile } from "node:fs/promises";
import type { Plugin } from "vite";
import type { RuntimeAsset } from "./asset-types.ts";
import { assets as pageAssets } from "./dom/assets.ts";
import { assets as javascriptAssets } from "./javascript/assets.ts";
import { assets as pythonAssets } from "./python/assets.ts";
import { assets as sqlAssets } from "./sql/assets.ts";
import { assets as typescriptAssets } from "./typescript/assets.ts";

export const RUNTIME_BASE = "/runtimes/";

export function allRuntimeAssets(): RuntimeAsset[] {
  return [...pythonAssets, ...sqlAssets, ...javascriptAssets, ...pageAssets, ...typescriptAssets];
}

async function contentOf(asset: RuntimeAsset): Promise<string | Uint8Array> {
  return "source" in asset ? readFile(asset.source) : asset.generate();
}

const MIME: Record<string, string> = {
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".html": "text/html",
  ".zip": "application/zip",
  ".css": "text/css",
};

export function runtimesPlugin(): Plugin {
  return {
    name: "lumen-runtimes",
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = req.url?.split("?")[0] ?? "";
        if (!url.startsWith(RUNTIME_BASE)) return next();
        const asset = allRuntimeAssets().find((a) => RUNTIME_BASE + a.path === url);
        if (!asset) return next();
        const ext = url.slice(url.lastIndexOf("."));
        res.setHeader("Content-Type", MIME[ext] ?? "application/octet-stream");
        res.end(await contentOf(asset));
      });
    },
    async generateBundle() {
      for (const asset of allRuntimeAssets()) {
        this.emitFile({
          type: "asset",
          fileName: `runtimes/${asset.path}`,
          source: await contentOf(asset),
        });
      }
    },
  };
}
