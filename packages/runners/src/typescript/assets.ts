/**
 * Static files of the browser's TypeScript compiler, served from our origin at /runtimes/typescript/:
 * the worker (the compiler bundled in, minified), the ES2022 and DOM libs, and React's types for
 * TSX, each made at build time from the project's own `typescript` and `@types/react`. The page
 * fetches them only when a TypeScript or TSX lesson opens.
 */
import type { RuntimeAsset } from "../asset-types.ts";
import { bundleScript } from "../host/bundle-script.ts";
import { readLibFiles, readReactTypeFiles } from "./lib-files.ts";
import { TYPESCRIPT_BASE, WORKER_PATH } from "./paths.ts";

export const assets: RuntimeAsset[] = [
  {
    path: WORKER_PATH,
    generate: () => bundleScript(new URL("./ts.worker.ts", import.meta.url), true),
  },
  { path: `${TYPESCRIPT_BASE}lib.json`, generate: async () => JSON.stringify(readLibFiles()) },
  {
    path: `${TYPESCRIPT_BASE}react.json`,
    generate: async () => JSON.stringify(readReactTypeFiles()),
  },
];
