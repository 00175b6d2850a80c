/**
 * Static files the browser JavaScript runner needs under /runtimes/: none. Its Web Worker (the
 * harness alone; sucrase runs on the page) is an ordinary Vite worker chunk, served from
 * /assets/worker-js-sandbox.worker-*.
 */
import type { RuntimeAsset } from "../asset-types.ts";

export const assets: RuntimeAsset[] = [];
