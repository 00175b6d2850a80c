import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The machine's app folder is read-only where the packages are: Vite keeps its cache in /tmp.
export default defineConfig({
  plugins: [react()],
  cacheDir: "/tmp/vite-cache",
  // Bundled at start: a package first met later would make Vite re-bundle and reload the page.
  optimizeDeps: { include: ["react", "react-dom/client", "react/jsx-dev-runtime"] },
  build: { outDir: "dist", emptyOutDir: true },
});
