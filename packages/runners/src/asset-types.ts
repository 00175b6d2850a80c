/** A static file a runtime needs, served at /runtimes/<path>. */
export type RuntimeAsset =
  | { path: string; source: string }
  | { path: string; generate: () => Promise<string | Uint8Array> };
