/**
 * Static files the browser SQL runner needs, served from our own origin at /runtimes/sql/:
 * sql.js's WebAssembly (the browser build, and the plain one in case a bundler picks it).
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { RuntimeAsset } from "../asset-types.ts";

export const SQL_BASE = "sql/";

const dist = path.dirname(createRequire(import.meta.url).resolve("sql.js"));

export const assets: RuntimeAsset[] = ["sql-wasm-browser.wasm", "sql-wasm.wasm"].map((file) => ({
  path: SQL_BASE + file,
  source: path.join(dist, file),
}));
