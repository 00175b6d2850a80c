/**
 * Static files the browser JavaScript runner needs under /runtimes/: none. Its Web Worker (with
 * sucrase inside) is an ordinary Vite worker chunk, served from /assets/worker-*.
 */
import type { RuntimeAsset } from "../asset-types.ts";

export const assets: RuntimeAsset[] = [];
