/** Builds the web app; workers get a recognisable name so the server can give them their CSP. */
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
// A relative import, so Vite bundles the plugin's TypeScript with the config.
import { runtimesPlugin } from "../../packages/runners/src/vite-plugin.ts";
import { serviceWorkerPlugin } from "./src/offline/vite-plugin-sw.ts";

export default defineConfig({
  plugins: [react(), tailwindcss(), runtimesPlugin(), serviceWorkerPlugin()],
  optimizeDeps: { exclude: ["pyodide"] },
  // Only variables with this prefix could ever reach the bundle; we define none.
  envPrefix: "LUMEN_PUBLIC_",
  build: {
    // WEB_DIST_DIR: where the server looks too (scripts/build.mjs).
    outDir: process.env.WEB_DIST_DIR ?? "dist",
    emptyOutDir: true,
    sourcemap: false,
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
