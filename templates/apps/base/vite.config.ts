import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The machine's app folder is read-only where the packages are: Vite keeps its cache in /tmp.
export default defineConfig({
  plugins: [react()],
  cacheDir: "/tmp/vite-cache",
  build: { outDir: "dist", emptyOutDir: true },
});
