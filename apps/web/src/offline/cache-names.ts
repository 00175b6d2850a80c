/**
 * The service worker's cache names, in a module of their own so that the page can name a cache
 * (forget-catalog.ts at sign-out) without loading the worker's routing rules.
 */

/** Every cache of ours starts with this, so activation can delete ours and nothing else. */
export const CACHE_PREFIX = "lumen-";
/** Bump when the shape of what a cache holds changes: every cache of the old shape is dropped. */
export const CACHE_SCHEMA = "v1";

export type CacheNames = { assets: string; runtimes: string; catalog: string };

export function cacheNames(runtimeVersion: string): CacheNames {
  const base = `${CACHE_PREFIX}${CACHE_SCHEMA}`;
  return {
    assets: `${base}-assets`,
    runtimes: `${base}-runtimes-${runtimeVersion}`,
    catalog: `${base}-catalog`,
  };
}
