/** Builds the web app; workers get a recognisable name so the server can give them their CSP. */
import { execFileSync } from "node:child_process";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
// A relative import, so Vite bundles the plugin's TypeScript with the config.
import { runtimesPlugin } from "../../packages/runners/src/vite-plugin.ts";
import { serviceWorkerPlugin } from "./src/offline/vite-plugin-sw.ts";

/** The release errors are reported with (ADR 0041): RELEASE, or the commit the build came from. */
function release(): string {
  if (process.env.RELEASE) return process.env.RELEASE;
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" });
    return `lumen@${commit.trim()}`;
  } catch {
    return "lumen@dev";
  }
}

export default defineConfig({
  define: { __LUMEN_RELEASE__: JSON.stringify(release()) },
  plugins: [react(), tailwindcss(), runtimesPlugin(), serviceWorkerPlugin()],
  optimizeDeps: { exclude: ["pyodide"] },
  // Only variables with this prefix could ever reach the bundle; we define none.
  envPrefix: "LUMEN_PUBLIC_",
  build: {
    // WEB_DIST_DIR: where the server looks too (scripts/build.mjs).
    outDir: process.env.WEB_DIST_DIR ?? "dist",
    emptyOutDir: true,
    // Maps for the error console only: no sourceMappingURL comment, and scripts/build.mjs moves
    // them out of the served folder (ADR 0041).
    sourcemap: "hidden",
    // dist/.vite/manifest.json: the server reads it to preload a screen's lazy chunks (ADR 0015).
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  worker: {
    format: "es",
    rolldownOptions: { output: { entryFileNames: "assets/worker-[name]-[hash].js" } },
  },
  server: {
    proxy: Object.fromEntries(
      ["/v1", "/api", "/healthz", "/.well-known", "/dev"].map((p) => [p, "http://127.0.0.1:3000"]),
    ),
  },
});
