/**
 * Static files the browser Python runner needs, served from our own origin at
 * /runtimes/pyodide/: Pyodide's runtime, its WebAssembly and the standard library.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { RuntimeAsset } from "../asset-types.ts";

export const PYODIDE_BASE = "pyodide/";

const dir = path.dirname(createRequire(import.meta.url).resolve("pyodide/package.json"));

export const assets: RuntimeAsset[] = [
  "pyodide.asm.mjs",
  "pyodide.asm.wasm",
  "python_stdlib.zip",
  "pyodide-lock.json",
].map((file) => ({ path: PYODIDE_BASE + file, source: path.join(dir, file) }));
